#include "sema/storage_only.h"

#include "codegen/kernel_index.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Lex/Token.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/TemplateInstCallback.h"
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

void warnUnconstructed(clang::Sema& sema, const clang::VarDecl* var) {
  sema.Diag(var->getLocation(), sema.getDiagnostics().getCustomDiagID(
                                    clang::DiagnosticsEngine::Warning,
                                    "__shared__ object '%0' is not constructed (as with nvcc: a __shared__ "
                                    "variable has no dynamic initialization); declare it [[storage_only]] and "
                                    "construct it with placement new"))
      << var->getName();
}

bool needsNoConstruction(const clang::VarDecl* var) {
  const auto* record = var->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  return !record || (record->hasTrivialDefaultConstructor() && record->hasTrivialDestructor());
}

// A __shared__ object in a template: Clang does not carry a plugin attribute into
// instantiations, and it refuses the object's default construction when the template
// is instantiated, so the pattern's objects without an initializer are instantiated
// as automatic (Clang checks only static ones) and made static again, unconstructed,
// once the function's body is instantiated: before code generation or anything else
// reads their storage. Objects of a known type without a constructor or destructor
// do not take that path. A lambda in that body that captured one by copy (where nvcc's
// refers to the object) is an error rather than a silent copy.
class SharedInTemplates : public clang::TemplateInstantiationCallback {
public:
  explicit SharedInTemplates(clang::Sema& sema) : sema_(sema) {}
  void add(clang::VarDecl* pattern) { patterns_.push_back(pattern); }

  void initialize(const clang::Sema&) override {}
  void finalize(const clang::Sema&) override {}
  void atTemplateBegin(const clang::Sema&, const clang::Sema::CodeSynthesisContext& context) override {
    if (context.Kind != clang::Sema::CodeSynthesisContext::TemplateInstantiation || depth_++) return;
    for (clang::VarDecl* pattern : patterns_)
      if (defaultInitialized(pattern) && mayNeedConstruction(pattern)) {
        pattern->setStorageClass(clang::SC_None);
        flipped_.push_back(pattern);
      }
  }
  void atTemplateEnd(const clang::Sema&, const clang::Sema::CodeSynthesisContext& context) override {
    if (context.Kind != clang::Sema::CodeSynthesisContext::TemplateInstantiation) return;
    if (auto* function = llvm::dyn_cast_or_null<clang::FunctionDecl>(context.Entity);
        function && function->getBody())
      restore(function->getBody());
    if (--depth_) return;
    for (clang::VarDecl* pattern : flipped_) pattern->setStorageClass(clang::SC_Static);
    flipped_.clear();
  }

private:
  // Declared without an initializer: none in a dependent type's pattern, a default
  // construction in a known type's.
  static bool defaultInitialized(const clang::VarDecl* pattern) {
    // Not `extern __shared__ T a[];`: Clang makes only a local __shared__ object static.
    if (pattern->isInvalidDecl() || pattern->getStorageClass() != clang::SC_Static) return false;
    const clang::Expr* init = pattern->getInit();
    if (!init) return true;
    const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(init->IgnoreImplicit());
    return construct && construct->getNumArgs() == 0 && construct->getParenOrBraceRange().isInvalid();
  }

  // Whether the object's type may have a constructor or destructor to leave out: a
  // dependent type is taken to have one (substituting it here would need the
  // instantiation's local scope). Only those are instantiated as automatic: any other
  // stays static, so a lambda refers to it.
  bool mayNeedConstruction(const clang::VarDecl* pattern) {
    clang::QualType type = pattern->getType();
    if (type->isDependentType()) return true;
    clang::QualType element = sema_.getASTContext().getBaseElementType(type);
    const auto* record = element->getAsCXXRecordDecl();
    if (!record) return false;
    if (!sema_.isCompleteType(pattern->getLocation(), element)) return true;
    return !record->hasTrivialDefaultConstructor() || !record->hasTrivialDestructor();
  }

  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<clang::VarDecl*> vars;
    std::vector<clang::LambdaExpr*> lambdas;
    bool VisitVarDecl(clang::VarDecl* var) {
      if (var->hasAttr<clang::CUDASharedAttr>() && var->isLocalVarDecl() &&
          var->getStorageClass() == clang::SC_None)
        vars.push_back(var);
      return true;
    }
    bool VisitLambdaExpr(clang::LambdaExpr* lambda) {
      lambdas.push_back(lambda);
      return true;
    }
  };

  void restore(clang::Stmt* body) {
    Finder found;
    found.TraverseStmt(body);
    for (clang::VarDecl* var : found.vars) {
      var->setStorageClass(clang::SC_Static);
      if (var->isInvalidDecl() || var->getType()->isDependentType() || needsNoConstruction(var)) continue;
      var->setInit(nullptr);
      const auto* record = var->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
      if (!record->hasTrivialDefaultConstructor()) warnUnconstructed(sema_, var);
    }
    for (clang::LambdaExpr* lambda : found.lambdas)
      for (const clang::LambdaCapture& capture : lambda->captures())
        if (capture.capturesVariable() && capture.getCaptureKind() == clang::LCK_ByCopy &&
            std::find(found.vars.begin(), found.vars.end(), capture.getCapturedVar()) != found.vars.end())
          sema_.Diag(capture.getLocation(),
                     sema_.getDiagnostics().getCustomDiagID(
                         clang::DiagnosticsEngine::Error,
                         "a lambda in a template copies the __shared__ object '%0', whose type has a constructor "
                         "or destructor: not supported; capture it by reference"))
              << capture.getCapturedVar()->getName();
  }

  clang::Sema& sema_;
  std::vector<clang::VarDecl*> patterns_, flipped_;
  int depth_ = 0;
};

// The callback of this Sema (each front-end pass has its own), added on first need.
SharedInTemplates& sharedInTemplates(clang::Sema& sema) {
  static std::pair<clang::Sema*, SharedInTemplates*> current{nullptr, nullptr};
  bool registered = current.first == &sema &&
                    std::any_of(sema.TemplateInstCallbacks.begin(), sema.TemplateInstCallbacks.end(),
                                [](const auto& callback) { return callback.get() == current.second; });
  if (!registered) {
    auto callback = std::make_unique<SharedInTemplates>(sema);
    current = {&sema, callback.get()};
    sema.TemplateInstCallbacks.push_back(std::move(callback));
  }
  return *current.second;
}

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
    if (!var || !var->getDeclContext()->isFunctionOrMethod()) return AttributeApplied;
    if (var->getDeclContext()->isDependentContext()) {
      sharedInTemplates(sema).add(var);
      return AttributeApplied;
    }
    if (!sema.isCompleteType(var->getLocation(), var->getType()) || needsNoConstruction(var)) return AttributeApplied;
    const auto* record = var->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!record->hasTrivialDefaultConstructor()) state().unconstructedShared.push_back({var, &sema});
    initializeAsBytes(sema.getASTContext(), var);
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
      warnUnconstructed(*sema, var);
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
