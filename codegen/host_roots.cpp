#include "codegen/host_roots.h"

#include "codegen/alias_targets.h"
#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <map>
#include <vector>

namespace circle {
namespace {

// The functions a range-for calls for begin() and end(): implicit code, which the
// tape leaves out.
void forRangeCalls(const clang::CXXForRangeStmt& s, const std::function<void(const clang::FunctionDecl*)>& call) {
  for (const clang::DeclStmt* ds : {s.getBeginStmt(), s.getEndStmt()})
    if (ds)
      for (const clang::Decl* d : ds->decls())
        if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d); vd && vd->getInit())
          if (const auto* c = llvm::dyn_cast<clang::CallExpr>(vd->getInit()->IgnoreImplicit()))
            if (const clang::FunctionDecl* fd = c->getDirectCallee()) call(fd);
}

bool isCandidate(clang::ASTContext& ast, const clang::FunctionDecl& fd) {
  if (!fd.doesThisDeclarationHaveABody() || fd.isFromASTFile() || fd.isDependentContext()) return false;
  if (llvm::isa<clang::CXXMethodDecl>(fd) || fd.getTemplatedKind() != clang::FunctionDecl::TK_NonTemplate)
    return false;
  if (fd.isInlined() || fd.isOverloadedOperator() || fd.hasAttr<clang::CUDAGlobalAttr>()) return false;
  if (const auto* device = fd.getAttr<clang::CUDADeviceAttr>(); device && !device->isImplicit()) return false;
  return ast.GetGVALinkageForFunction(&fd) == clang::GVA_StrongExternal;
}

// On the tape a function's parameters and body follow its declaration; whatever
// comes before the next function (a lambda's body, a local class's members) is
// charged to the function seen last, which only keeps more than needed: neither is
// a candidate. A declaration outside every function ends the function's part.
class References : public InstantiationVisitor<References> {
public:
  explicit References(clang::ASTContext& ast) : ast_(ast) {}

  bool VisitDecl(clang::Decl* d) {
    if (auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      current_ = fd->getCanonicalDecl();
      currentIsCandidate_ = isCandidate(ast_, *fd);
      if (currentIsCandidate_) candidates.push_back(fd->getCanonicalDecl());
    } else if (!d->getParentFunctionOrMethod()) {
      current_ = nullptr;
      currentIsCandidate_ = false;
    }
    aliases.note(d);
    return true;
  }
  bool VisitCXXForRangeStmt(clang::CXXForRangeStmt* s) {
    forRangeCalls(*s, [&](const clang::FunctionDecl* fd) { refer(fd); });
    return true;
  }
  bool VisitLambdaExpr(clang::LambdaExpr* e) {
    current_ = e->getCallOperator();
    currentIsCandidate_ = false;
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(e->getDecl())) refer(fd);
    return true;
  }

  std::vector<const clang::FunctionDecl*> candidates; // canonical
  std::vector<const clang::Decl*> kept;              // referred to by something that stays
  std::map<const clang::Decl*, std::vector<const clang::Decl*>> byCandidate;
  AliasTargets aliases;

private:
  void refer(const clang::FunctionDecl* fd) {
    if (!fd) return;
    const clang::Decl* target = fd->getCanonicalDecl();
    if (currentIsCandidate_) byCandidate[current_].push_back(target);
    else kept.push_back(target);
  }

  clang::ASTContext& ast_;
  const clang::Decl* current_ = nullptr;
  bool currentIsCandidate_ = false;
};

} // namespace

HostRoots::HostRoots(const WalkTape& tape) {
  References refs(tape.ast());
  tape.replay(refs);
  std::set<const clang::Decl*> kept;
  std::vector<const clang::Decl*> work = std::move(refs.kept);
  while (!work.empty()) {
    const clang::Decl* d = work.back();
    work.pop_back();
    if (!kept.insert(d).second) continue;
    if (auto it = refs.byCandidate.find(d); it != refs.byCandidate.end())
      work.insert(work.end(), it->second.begin(), it->second.end());
  }
  for (const clang::FunctionDecl* c : refs.candidates)
    if (!kept.count(c) && !refs.aliases.mayName(*c)) leftOut_.insert(c);
}

std::vector<std::string> HostRoots::names() const {
  std::vector<std::string> out;
  for (const clang::Decl* d : leftOut_) out.push_back(llvm::cast<clang::FunctionDecl>(d)->getQualifiedNameAsString());
  llvm::sort(out);
  return out;
}

} // namespace circle
