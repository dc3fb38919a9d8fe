#include "sema/untagged_functions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/AttrSubjectMatchRules.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

#include <map>

namespace circle {
namespace {

// The one compile in progress (circle compiles its sources one after another).
UntaggedFunctions* current = nullptr;

template <class A> bool explicitly(const clang::Decl* d) {
  const A* a = d->getAttr<A>();
  return a && !a->isImplicit();
}

// Whether the declaration follows `template<>` (known before Sema has matched it to
// its template: the parameter lists are recorded first).
bool isExplicitSpecialization(const clang::FunctionDecl* fd) {
  unsigned lists = fd->getNumTemplateParameterLists();
  return lists && fd->getTemplateParameterList(lists - 1)->size() == 0;
}

// A declaration of the same function seen before (a host function from a system
// header redeclared by the user keeps its space: Clang refuses a redeclaration that
// changes it).
const clang::FunctionDecl* earlierDeclaration(clang::Sema& sema, clang::FunctionDecl* fd) {
  if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl, clang::CXXConversionDecl>(fd)) {
    // Not found by name lookup: the class's own declaration, when this is the
    // out-of-line definition (the device runtime defines libstdc++'s exceptions').
    if (fd->getLexicalDeclContext() == fd->getDeclContext()) return nullptr;
    for (clang::Decl* d : fd->getDeclContext()->decls()) {
      auto* old = llvm::dyn_cast<clang::FunctionDecl>(d);
      if (old && old != fd && old->getDeclName() == fd->getDeclName() &&
          !sema.IsOverload(fd, old, /*UseMemberUsingDeclRules=*/false, /*ConsiderCudaAttrs=*/false))
        return old;
    }
    return nullptr;
  }
  clang::LookupResult r(sema, fd->getDeclName(), fd->getLocation(), clang::Sema::LookupOrdinaryName,
                        RedeclarationKind::ForVisibleRedeclaration);
  sema.LookupQualifiedName(r, fd->getDeclContext()->getRedeclContext());
  for (clang::NamedDecl* d : r) {
    // `template<> void f(float)` respecifies a specialization the header declared;
    // the template's own name is what lookup finds.
    if (auto* tmpl = llvm::dyn_cast<clang::FunctionTemplateDecl>(d->getUnderlyingDecl()); tmpl && isExplicitSpecialization(fd))
      for (clang::FunctionDecl* spec : tmpl->specializations())
        if (spec != fd && sema.getASTContext().hasSameFunctionTypeIgnoringExceptionSpec(spec->getType(), fd->getType()))
          return spec;
    auto* old = llvm::dyn_cast<clang::FunctionDecl>(d->getUnderlyingDecl());
    if (old && old != fd && !sema.IsOverload(fd, old, /*UseMemberUsingDeclRules=*/false, /*ConsiderCudaAttrs=*/false))
      return old;
  }
  return nullptr;
}

// Whether a base of `rd` declares a virtual function that `md` overrides, with no
// implicit attributes of circle's (a host function, from a system header).
bool overridesHostVirtual(clang::Sema& sema, clang::CXXMethodDecl* md, const clang::CXXRecordDecl* rd) {
  if (!rd->hasDefinition() && !rd->isBeingDefined()) return false;
  for (const clang::CXXBaseSpecifier& spec : rd->bases()) {
    const clang::CXXRecordDecl* base = spec.getType()->getAsCXXRecordDecl();
    if (!base || !base->hasDefinition()) continue;
    for (clang::NamedDecl* d : base->lookup(md->getDeclName())) {
      auto* bm = llvm::dyn_cast<clang::CXXMethodDecl>(d);
      if (bm && bm->isVirtual() && !current->isUntagged(bm) && !bm->hasAttr<clang::CUDADeviceAttr>() &&
          !sema.IsOverload(md, bm, /*UseMemberUsingDeclRules=*/false, /*ConsiderCudaAttrs=*/false))
        return true;
    }
    if (overridesHostVirtual(sema, md, base)) return true;
  }
  return false;
}

struct UntaggedAttr : clang::ParsedAttrInfo {
  static constexpr Spelling kSpellings[] = {{clang::ParsedAttr::AS_GNU, "circle_untagged"}};
  UntaggedAttr() {
    Spellings = kSpellings;
    IsSupportedByPragmaAttribute = 1;
  }
  void getPragmaAttributeMatchRules(llvm::SmallVectorImpl<std::pair<clang::attr::SubjectMatchRule, bool>>& rules,
                                    const clang::LangOptions&) const override {
    rules.push_back({clang::attr::SubjectMatchRule_function, true});
  }
  bool diagAppertainsToDecl(clang::Sema&, const clang::ParsedAttr&, const clang::Decl* d) const override {
    return llvm::isa<clang::FunctionDecl>(d);
  }

  AttrHandling handleDeclAttribute(clang::Sema& sema, clang::Decl* d, const clang::ParsedAttr&) const override {
    auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fd || !current || fd->isMain() || sema.getSourceManager().isInSystemHeader(fd->getLocation()))
      return AttributeApplied;
    if (explicitly<clang::CUDAHostAttr>(fd) || explicitly<clang::CUDADeviceAttr>(fd) ||
        fd->hasAttr<clang::CUDAGlobalAttr>()) {
      // `int f(int);` then `__device__ int f(int) {...}`: the tag written on the
      // definition is the function's space, as in CUDA.
      if (const clang::FunctionDecl* old = earlierDeclaration(sema, fd); old && current->isUntagged(old))
        current->disown(const_cast<clang::FunctionDecl*>(old));
      return AttributeApplied;
    }
    if (const clang::FunctionDecl* old = earlierDeclaration(sema, fd); old && !current->isUntagged(old))
      return AttributeApplied;
    // An override of a host virtual (std::exception::what, std::streambuf::sync) keeps
    // the host's space, or Clang would call it a different function hiding the
    // base's; every virtual function becomes tagless after the parse anyway
    // (execution_spaces.h).
    if (auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(fd); md && overridesHostVirtual(sema, md, md->getParent()))
      return AttributeApplied;
    clang::ASTContext& ast = sema.getASTContext();
    if (!fd->hasAttr<clang::CUDAHostAttr>()) fd->addAttr(clang::CUDAHostAttr::CreateImplicit(ast));
    if (!fd->hasAttr<clang::CUDADeviceAttr>()) fd->addAttr(clang::CUDADeviceAttr::CreateImplicit(ast));
    current->adopt(fd);
    return AttributeApplied;
  }
};

clang::ParsedAttrInfoRegistry::Add<UntaggedAttr> registration("circle_untagged",
                                                               "an untagged function is __host__ __device__");

// The functions a body refers to: calls, addresses taken, constructors, destructors
// of locals and temporaries, operator new and delete.
class UsedFunctions : public clang::RecursiveASTVisitor<UsedFunctions> {
public:
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) { return use(e->getDecl()); }
  bool VisitMemberExpr(clang::MemberExpr* e) { return use(e->getMemberDecl()); }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) { return use(e->getConstructor()); }
  bool VisitCXXNewExpr(clang::CXXNewExpr* e) { return use(e->getOperatorNew()); }
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr* e) { return use(e->getOperatorDelete()); }
  bool VisitCXXBindTemporaryExpr(clang::CXXBindTemporaryExpr* e) {
    return use(e->getTemporary()->getDestructor());
  }
  bool VisitVarDecl(clang::VarDecl* v) {
    if (const clang::CXXRecordDecl* rd = v->getType()->getAsCXXRecordDecl(); rd && rd->hasDefinition())
      use(rd->getDestructor());
    return true;
  }
  // A lambda's body is its call operator's, reached through the call.
  bool TraverseLambdaExpr(clang::LambdaExpr*) { return true; }

  std::vector<const clang::FunctionDecl*> found;

private:
  bool use(const clang::Decl* d) {
    if (auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(d)) found.push_back(fd);
    return true;
  }
};

std::vector<const clang::FunctionDecl*> usedBy(const clang::FunctionDecl& def) {
  UsedFunctions uses;
  uses.TraverseStmt(def.getBody());
  if (auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(&def))
    for (const clang::CXXCtorInitializer* init : ctor->inits()) uses.TraverseStmt(init->getInit());
  return std::move(uses.found);
}

// Whether host code generation of a function would reach a construct that exists
// only on the GPU: Clang deferred a diagnostic for it or for a function it uses.
class HostReach {
public:
  HostReach(clang::Sema& sema, const std::function<bool(clang::SourceLocation)>& deadOnHost)
      : sema_(sema), deadOnHost_(deadOnHost) {}

  bool deviceOnly(const clang::FunctionDecl* fd) {
    fd = fd->getCanonicalDecl();
    // A kernel is launched from the host, not called: what its body needs is the GPU's.
    if (fd->hasAttr<clang::CUDAGlobalAttr>()) return false;
    if (auto it = memo_.find(fd); it != memo_.end()) return it->second;
    memo_[fd] = false; // a cycle adds nothing
    bool result = gpuOnlyConstruct(fd);
    if (const clang::FunctionDecl* def = fd->getDefinition(); !result && def && def->getBody())
      for (const clang::FunctionDecl* callee : usedBy(*def))
        if (deviceOnly(callee)) {
          result = true;
          break;
        }
    memo_[fd] = result;
    return result;
  }

private:
  // An error Clang deferred (its notes aside) that the host's code would meet.
  bool gpuOnlyConstruct(const clang::FunctionDecl* fd) {
    auto it = sema_.DeviceDeferredDiags.find(fd);
    if (it == sema_.DeviceDeferredDiags.end()) return false;
    for (const clang::PartialDiagnosticAt& d : it->second)
      if (!sema_.getDiagnostics().getDiagnosticIDs()->isNote(d.second.getDiagID()) && !deadOnHost_(d.first)) return true;
    return false;
  }

  clang::Sema& sema_;
  const std::function<bool(clang::SourceLocation)>& deadOnHost_;
  std::map<const clang::FunctionDecl*, bool> memo_;
};

} // namespace

UntaggedFunctions::UntaggedFunctions() { current = this; }
UntaggedFunctions::~UntaggedFunctions() {
  if (current == this) current = nullptr;
}

const char* UntaggedFunctions::preludeText() {
  // The declaration after the pragma makes the parser act on the push before the
  // main file's first token: an empty file's end of file would otherwise come first,
  // and the pop there would find nothing to pop.
  return "#pragma clang attribute push(__attribute__((circle_untagged)), apply_to = function)\n"
         "static_assert(true, \"\");\n";
}

void UntaggedFunctions::adopt(clang::FunctionDecl* fd) { untagged_.insert(fd->getCanonicalDecl()); }

void UntaggedFunctions::disown(clang::FunctionDecl* fd) {
  untagged_.erase(fd->getCanonicalDecl());
  for (clang::FunctionDecl* redecl : fd->redecls()) {
    if (auto* a = redecl->getAttr<clang::CUDAHostAttr>(); a && a->isImplicit()) redecl->dropAttr<clang::CUDAHostAttr>();
    if (auto* a = redecl->getAttr<clang::CUDADeviceAttr>(); a && a->isImplicit()) redecl->dropAttr<clang::CUDADeviceAttr>();
  }
}

bool UntaggedFunctions::isUntagged(const clang::FunctionDecl* fd) const {
  return untagged_.count(fd->getCanonicalDecl()) != 0;
}

void UntaggedFunctions::onToken(clang::CompilerInstance& ci, const clang::Token& tok) {
  if (!ci.hasSema()) return;
  if (tok.is(clang::tok::eof)) onEndOfMainFile(ci, tok);
  clang::FunctionDecl* fd = ci.getSema().getCurFunctionDecl(/*AllowLambda=*/false);
  if (fd == lastBody_) return;
  lastBody_ = fd;
  if (!fd || !isUntagged(fd) || fd->isInlined() || fd->isTemplated() || fd->isTemplateInstantiation()) return;
  if (auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(fd); md && md->isVirtual()) return; // keeps its key function
  fd->setImplicitlyInline(true);
  madeInline_.push_back(fd);
}

// Clang wants every `#pragma clang attribute push` popped before the translation
// unit ends; the prelude's is popped at the main file's end of file (not at the
// sentinels that end Clang's cached token streams).
void UntaggedFunctions::onEndOfMainFile(clang::CompilerInstance& ci, const clang::Token& tok) {
  clang::SourceManager& sm = ci.getSourceManager();
  clang::SourceLocation loc = tok.getLocation();
  if (loc.isInvalid() || loc.isMacroID() || sm.getFileID(loc) != sm.getMainFileID() ||
      sm.getFileOffset(loc) < sm.getBufferData(sm.getMainFileID()).rtrim().size())
    return;
  parseEnded_ = true;
  auto& stack = ci.getSema().PragmaAttributeStack;
  if (!stack.empty() && !stack.front().Entries.empty() &&
      stack.front().Entries.front().Attribute->getAttrName()->getName() == "circle_untagged")
    stack.erase(stack.begin());
}

void UntaggedFunctions::afterParse(clang::Sema& sema, const std::function<bool(clang::SourceLocation)>& deadOnHost) {
  HostReach reach(sema, deadOnHost);
  for (clang::FunctionDecl* fd : madeInline_) {
    fd->setImplicitlyInline(false);
    if (reach.deviceOnly(fd)) deviceOnly_.push_back(fd);
  }
}

UntaggedFunctions::HostPassScope::HostPassScope(const UntaggedFunctions& u) : u_(u) {
  for (clang::FunctionDecl* fd : u_.deviceOnly_)
    for (clang::FunctionDecl* redecl : fd->redecls()) redecl->dropAttr<clang::CUDAHostAttr>();
}

UntaggedFunctions::HostPassScope::~HostPassScope() {
  for (clang::FunctionDecl* fd : u_.deviceOnly_)
    for (clang::FunctionDecl* redecl : fd->redecls())
      redecl->addAttr(clang::CUDAHostAttr::CreateImplicit(redecl->getASTContext()));
}

UntaggedFunctions::DevicePassScope::DevicePassScope(const UntaggedFunctions& u) {
  for (const clang::FunctionDecl* canonical : u.untagged_)
    for (clang::FunctionDecl* redecl : const_cast<clang::FunctionDecl*>(canonical)->redecls())
      for (clang::Attr* a : redecl->attrs())
        if (llvm::isa<clang::UsedAttr, clang::RetainAttr>(a)) dropped_.push_back({redecl, a});
  for (auto& [fd, a] : dropped_) {
    clang::AttrVec& attrs = fd->getAttrs();
    attrs.erase(std::find(attrs.begin(), attrs.end(), a));
  }
}

UntaggedFunctions::DevicePassScope::~DevicePassScope() {
  for (auto& [fd, a] : dropped_) fd->addAttr(a);
}

} // namespace circle
