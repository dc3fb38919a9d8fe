#include "codegen/explicit_instantiations.h"

#include "codegen/function_symbols.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace circle {
namespace {

class Generator {
public:
  explicit Generator(clang::CodeGenerator& gen) : gen_(gen) {}
  std::vector<std::string> symbols() const { return symbols_; }

  void visitContext(const clang::DeclContext* dc) {
    for (const clang::Decl* d : dc->decls()) {
      if (auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) visitContext(ns);
      else if (auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d)) visitContext(ls);
      else if (auto* ct = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) {
        for (const clang::ClassTemplateSpecializationDecl* spec : ct->specializations())
          if (spec->getSpecializationKind() == clang::TSK_ExplicitInstantiationDefinition) visitClass(spec);
      } else if (auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) {
        for (const clang::FunctionDecl* spec : ft->specializations()) visitFunction(spec);
      }
    }
  }

private:
  // A class's members, and those of the classes nested in it (an explicit
  // instantiation instantiates both: basic_istream<char>::sentry).
  void visitClass(const clang::CXXRecordDecl* rd) {
    rd = rd->getDefinition();
    if (!rd) return;
    for (const clang::Decl* d : rd->decls()) {
      if (auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(d)) visitFunction(md);
      else if (auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
        for (const clang::FunctionDecl* spec : ft->specializations()) visitFunction(spec);
      else if (auto* nested = llvm::dyn_cast<clang::CXXRecordDecl>(d); nested && !nested->isInjectedClassName())
        visitClass(nested);
    }
  }

  void visitFunction(const clang::FunctionDecl* fd) {
    if (fd->getTemplateSpecializationKind() != clang::TSK_ExplicitInstantiationDefinition || !fd->hasBody() ||
        fd->isDeleted())
      return;
    auto* f = const_cast<clang::FunctionDecl*>(fd);
    gen_.HandleTopLevelDecl(clang::DeclGroupRef(f));
    for (const clang::GlobalDecl& gd : variantsOf(*f, /*withDeleting=*/true))
      if (llvm::Constant* c = gen_.GetAddrOfGlobal(gd, /*isForDefinition=*/false))
        symbols_.push_back(c->stripPointerCasts()->getName().str());
  }

  clang::CodeGenerator& gen_;
  std::vector<std::string> symbols_;
};

// The base variant's symbol for a complete constructor or destructor (Itanium: C1/D1
// to C2/D2 in the name's last nested component), or empty.
std::string baseVariant(const std::string& complete) {
  for (const char* tag : {"C1E", "D1E"}) {
    size_t at = complete.rfind(tag);
    if (at != std::string::npos) return complete.substr(0, at + 1) + "2" + complete.substr(at + 2);
  }
  return {};
}

} // namespace

void finishExplicitInstantiations(llvm::Module& m, const std::vector<std::string>& symbols) {
  for (const std::string& name : symbols) {
    if (llvm::GlobalValue* gv = m.getNamedValue(name)) {
      if (!gv->isDeclaration()) gv->setLinkage(llvm::GlobalValue::WeakODRLinkage);
      continue;
    }
    std::string baseName = baseVariant(name);
    llvm::Function* base = baseName.empty() ? nullptr : m.getFunction(baseName);
    if (!base || base->isDeclaration()) continue;
    auto* complete = llvm::Function::Create(base->getFunctionType(), llvm::GlobalValue::WeakODRLinkage, name, m);
    complete->copyAttributesFrom(base);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(m.getContext(), "entry", complete));
    std::vector<llvm::Value*> args;
    for (llvm::Argument& a : complete->args()) args.push_back(&a);
    llvm::CallInst* call = b.CreateCall(base, args);
    if (base->getReturnType()->isVoidTy()) b.CreateRetVoid();
    else b.CreateRet(call);
  }
}

std::vector<std::string> generateExplicitInstantiations(clang::ASTContext& ast, clang::CodeGenerator& gen) {
  Generator g(gen);
  g.visitContext(ast.getTranslationUnitDecl());
  return g.symbols();
}

} // namespace circle
