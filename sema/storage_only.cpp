#include "sema/storage_only.h"

#include "codegen/kernel_index.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Lex/Token.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace circle {
namespace {

// One translation unit per process: the attribute's handler, which Clang's registry
// constructs, and the token watcher share this.
struct StorageOnlyState {
  std::vector<clang::VarDecl*> declared;
  std::vector<std::pair<clang::VarDecl*, clang::QualType>> typesToRestore;
  // __shared__ objects left unconstructed, with the Sema to warn through.
  std::vector<std::pair<clang::VarDecl*, clang::Sema*>> unconstructedShared;
};
StorageOnlyState& state() {
  static StorageOnlyState s;
  return s;
}

// While Sema initializes `var`, its type is bytes of the same size: no constructor is
// looked up (or run) and no destructor registered; the token watcher gives it back.
void initializeAsBytes(clang::ASTContext& ast, clang::VarDecl* var) {
  for (const auto& [hidden, type] : state().typesToRestore)
    if (hidden == var) return; // [[storage_only]] and __shared__ both ask
  clang::QualType type = var->getType();
  uint64_t bytes = ast.getTypeSizeInChars(type).getQuantity();
  var->setType(ast.getConstantArrayType(ast.UnsignedCharTy, llvm::APInt(64, bytes ? bytes : 1), nullptr,
                                        clang::ArraySizeModifier::Normal, 0));
  state().typesToRestore.push_back({var, type});
}

struct StorageOnlyAttr : clang::ParsedAttrInfo {
  static constexpr Spelling kSpellings[] = {{clang::ParsedAttr::AS_CXX11, "storage_only"},
                                           {clang::ParsedAttr::AS_CXX11, "circle::storage_only"}};
  StorageOnlyAttr() { Spellings = kSpellings; }

  bool diagAppertainsToDecl(clang::Sema& sema, const clang::ParsedAttr& attr, const clang::Decl* d) const override {
    if (llvm::isa<clang::VarDecl>(d) && !llvm::isa<clang::ParmVarDecl>(d)) return true;
    sema.Diag(attr.getLoc(), sema.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error,
                                                                   "[[storage_only]] applies to objects"));
    return false;
  }

  AttrHandling handleDeclAttribute(clang::Sema& sema, clang::Decl* d, const clang::ParsedAttr&) const override {
    auto* var = llvm::cast<clang::VarDecl>(d);
    state().declared.push_back(var);
    clang::QualType type = var->getType();
    clang::ASTContext& ast = sema.getASTContext();
    // A class template specialization (std::vector<int>) is instantiated here, as
    // the definition would have done.
    if (type->isDependentType() || var->getDeclContext()->isDependentContext()) {
      // Clang does not carry an attribute it does not know into instantiations.
      sema.Diag(var->getLocation(),
                sema.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error,
                                                      "[[storage_only]] in a template is not supported yet: declare "
                                                      "the object outside the template"));
      return AttributeNotApplied;
    }
    if (type->isReferenceType() || !sema.isCompleteType(var->getLocation(), type)) return AttributeApplied;
    initializeAsBytes(ast, var);
    return AttributeApplied;
  }
};

clang::ParsedAttrInfoRegistry::Add<StorageOnlyAttr> registration("storage_only", "Circle's [[storage_only]]");

// `__shared__` (the prelude redefines it to carry this attribute) in a function body,
// on an object whose constructor or destructor is not empty: Clang refuses it; nvcc
// warns that it is not initialized and compiles it, and so does circle. Its
// destructor never runs either way; a type whose constructor is trivial (libcu++'s
// cuda::barrier, whose destructor is not) needs no warning.
struct SharedStorageAttr : clang::ParsedAttrInfo {
  static constexpr Spelling kSpellings[] = {{clang::ParsedAttr::AS_GNU, "circle_shared_storage"}};
  SharedStorageAttr() { Spellings = kSpellings; }
  AttrHandling handleDeclAttribute(clang::Sema& sema, clang::Decl* d, const clang::ParsedAttr&) const override {
    auto* var = llvm::dyn_cast<clang::VarDecl>(d);
    if (!var || !var->getDeclContext()->isFunctionOrMethod() || var->getDeclContext()->isDependentContext() ||
        var->getType()->isDependentType() || !sema.isCompleteType(var->getLocation(), var->getType()))
      return AttributeApplied;
    const auto* record = var->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!record || (record->hasTrivialDefaultConstructor() && record->hasTrivialDestructor())) return AttributeApplied;
    initializeAsBytes(sema.getASTContext(), var);
    if (!record->hasTrivialDefaultConstructor()) state().unconstructedShared.push_back({var, &sema});
    return AttributeApplied;
  }
};

clang::ParsedAttrInfoRegistry::Add<SharedStorageAttr> sharedRegistration("circle_shared_storage",
                                                                         "__shared__ objects nvcc leaves unconstructed");

} // namespace

std::function<void(const clang::Token&)> watchStorageOnly() {
  // The handler runs while the declarator's following token (';', ',', '=') is
  // current; Sema has initialized the variable by the time the parser reads on.
  return [](const clang::Token&) {
    for (auto& [var, type] : state().typesToRestore) var->setType(type);
    state().typesToRestore.clear();
    for (auto& [var, sema] : state().unconstructedShared) {
      if (std::find(state().declared.begin(), state().declared.end(), var) != state().declared.end()) continue;
      sema->Diag(var->getLocation(), sema->getDiagnostics().getCustomDiagID(
                                         clang::DiagnosticsEngine::Warning,
                                         "__shared__ object '%0' is not constructed (as with nvcc: a __shared__ "
                                         "variable has no dynamic initialization); declare it [[storage_only]] and "
                                         "construct it with placement new"))
          << var->getName();
    }
    state().unconstructedShared.clear();
  };
}

bool checkStorageOnly(clang::DiagnosticsEngine& diags, std::vector<const clang::VarDecl*>& out) {
  bool ok = true;
  auto error = [&](const clang::VarDecl* var, const char* text) {
    diags.Report(var->getLocation(), diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << text;
    ok = false;
  };
  for (const clang::VarDecl* var : state().declared) {
    if (var->isInvalidDecl()) continue;
    if (var->hasInit())
      error(var, "a [[storage_only]] object has no initializer: construct it with placement new");
    else if (var->hasLocalStorage())
      error(var, "[[storage_only]] applies to objects with static storage (namespace scope, static, __device__ or "
                 "__shared__); a local object's lifetime is its scope");
    else
      out.push_back(var);
  }
  return ok;
}

void dropStorageOnlyDestructors(llvm::Module& host, clang::ASTContext& ast,
                                const std::vector<const clang::VarDecl*>& vars) {
  llvm::Function* atexit = host.getFunction("__cxa_atexit");
  if (!atexit || vars.empty()) return;
  std::unique_ptr<clang::MangleContext> mangler(ast.createMangleContext());
  std::vector<llvm::CallInst*> calls;
  for (const clang::VarDecl* var : vars) {
    llvm::GlobalVariable* gv = host.getGlobalVariable(variableSymbolName(*mangler, *var), true);
    if (!gv) continue;
    for (llvm::User* user : atexit->users())
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(user);
          call && call->arg_size() >= 2 && call->getArgOperand(1)->stripPointerCasts() == gv)
        calls.push_back(call);
  }
  for (llvm::CallInst* call : calls) {
    if (!call->use_empty()) call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), 0));
    call->eraseFromParent();
  }
}

} // namespace circle
