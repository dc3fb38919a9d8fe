#include "codegen/codegen_objects.h"

#include "sema/implicit_prelude.h"
#include "support/gpu_arch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/IR/Module.h"

#include <iterator>

namespace circle {
namespace {

const char* const kNames[] = {"__is_host_target",         "__is_spirv_target", "__is_dxil_target",
                              "__nvvm_current_device_sm", "__nvvm_arch_mask",  "__nvvm_arch"};

} // namespace

TargetValues hostTargetValues() {
  TargetValues v;
  v.host = true;
  return v;
}

TargetValues nvptxTargetValues(int sm) {
  TargetValues v;
  v.sm = smNumber(sm);
  v.arch = sm;
  v.mask = nvvmArchBit(sm);
  return v;
}

TargetValues spirvTargetValues() {
  TargetValues v;
  v.spirv = true;
  return v;
}

CodegenObjectScope::CodegenObjectScope(clang::ASTContext& ast, const TargetValues& v) : ast_(ast) {
  const unsigned long long values[] = {v.host, v.spirv, 0, static_cast<unsigned long long>(v.sm), v.mask,
                                       static_cast<unsigned long long>(v.arch)};
  static_assert(std::size(values) == std::size(kNames));
  for (size_t i = 0; i < std::size(kNames); ++i) give(kNames[i], values[i]);
}

void internalizeCodegenObjects(llvm::Module& module) {
  for (const char* name : kNames)
    if (llvm::GlobalVariable* gv = module.getNamedGlobal(name); gv && !gv->isDeclaration()) {
      gv->removeDeadConstantUsers();
      if (gv->use_empty()) gv->eraseFromParent();
      else gv->setLinkage(llvm::GlobalValue::InternalLinkage);
    }
}

void CodegenObjectScope::give(const char* name, unsigned long long value) {
  clang::TranslationUnitDecl* tu = ast_.getTranslationUnitDecl();
  for (clang::NamedDecl* d : tu->lookup(&ast_.Idents.get(name))) {
    auto* var = llvm::dyn_cast<clang::VarDecl>(d);
    if (!var || var->getInit()) continue;
    clang::QualType type = var->getType().getUnqualifiedType();
    clang::SourceLocation loc = var->getLocation();
    clang::Expr* init;
    if (type->isBooleanType())
      init = clang::CXXBoolLiteralExpr::Create(ast_, value != 0, type, loc);
    else
      init = clang::IntegerLiteral::Create(ast_, llvm::APInt(ast_.getIntWidth(type), value), type, loc);
    var->setConstexpr(true);
    var->setInit(init);
    llvm::SmallVector<clang::PartialDiagnosticAt, 1> notes;
    var->checkForConstantInitialization(notes);
    given_[count_++] = var;
    return;
  }
}

CodegenObjectScope::~CodegenObjectScope() {
  for (int i = 0; i < count_; ++i) {
    given_[i]->setInit(nullptr);
    given_[i]->setConstexpr(false);
  }
}

} // namespace circle
