#include "codegen/unreferenced_functions.h"

#include "codegen/alias_targets.h"
#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <vector>

namespace circle {
namespace {

bool deferrable(clang::ASTContext& ast, const clang::FunctionDecl& fd) {
  return clang::isDiscardableGVALinkage(ast.GetGVALinkageForFunction(&fd));
}

// Functions whose calls are often implicit (a destructor at a scope's end, a
// vtable's slot, a new-expression's operator), or that must be emitted anyway.
bool handedOverAlways(const clang::FunctionDecl& fd) {
  if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(fd)) return true;
  if (const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(&fd))
    if (md->isVirtual() || md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()) return true;
  switch (fd.getOverloadedOperator()) {
  case clang::OO_New:
  case clang::OO_Delete:
  case clang::OO_Array_New:
  case clang::OO_Array_Delete: return true;
  default: break;
  }
  return fd.hasAttr<clang::UsedAttr>() || fd.hasAttr<clang::RetainAttr>() || fd.hasAttr<clang::ConstructorAttr>() ||
         fd.hasAttr<clang::DestructorAttr>() || fd.hasAttr<clang::CUDAGlobalAttr>();
}

// A namespace-scope or static member variable CodeGen emits only once something
// refers to it: an inline or template one, or one of internal linkage, whose
// initialization and destruction have no effects (those CodeGen must emit).
bool deferrableVariable(clang::ASTContext& ast, const clang::VarDecl& vd) {
  if (!vd.hasGlobalStorage() || vd.isLocalVarDeclOrParm() || vd.getTLSKind() != clang::VarDecl::TLS_None ||
      vd.isThisDeclarationADefinition() != clang::VarDecl::Definition || vd.getDeclContext()->isDependentContext())
    return false;
  for (const clang::Attr* a : vd.attrs())
    if (!a->isImplicit() || llvm::isa<clang::UsedAttr, clang::RetainAttr>(a)) return false;
  return clang::isDiscardableGVALinkage(ast.GetGVALinkageForVariable(&vd)) && !ast.DeclMustBeEmitted(&vd);
}

// What has been referred to, and what is left to read for references.
struct References {
  explicit References(clang::ASTContext& ast) : ast(ast) {}
  clang::ASTContext& ast;
  std::set<const clang::Decl*> referred;
  std::vector<const clang::FunctionDecl*> unreadBodies; // the PCH's: not on the tape
  std::vector<clang::Expr*> unreadExprs;               // default arguments and member initializers
  std::set<const clang::Expr*> readExprs;

  void refer(const clang::ValueDecl* d) {
    if (const auto* vd = llvm::dyn_cast_or_null<clang::VarDecl>(d)) {
      if (vd->hasGlobalStorage()) referred.insert(vd->getCanonicalDecl());
      return;
    }
    const auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (!fd || !referred.insert(fd->getCanonicalDecl()).second) return;
    if (const clang::FunctionDecl* def = fd->getDefinition(); def && def->isFromASTFile()) unreadBodies.push_back(def);
  }
  void read(clang::Expr* e) {
    if (e && readExprs.insert(e).second) unreadExprs.push_back(e);
  }
};

// The Visit methods of both readers: the tape's replay and a body's walk.
template <class Derived, class Base> class ReferenceVisits : public Base {
public:
  explicit ReferenceVisits(References& refs) : refs_(refs) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    refs_.refer(e->getDecl());
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr* e) {
    refs_.refer(e->getMemberDecl());
    return true;
  }
  // A range-for's begin(), end(), != and ++ are implicit code.
  bool VisitCXXForRangeStmt(clang::CXXForRangeStmt* s) {
    refs_.read(s->getCond());
    refs_.read(s->getInc());
    for (clang::DeclStmt* ds : {s->getRangeStmt(), s->getBeginStmt(), s->getEndStmt()})
      if (ds)
        for (clang::Decl* d : ds->decls())
          if (auto* vd = llvm::dyn_cast<clang::VarDecl>(d)) refs_.read(vd->getInit());
    return true;
  }
  // Their expressions are not the call's children.
  bool VisitCXXDefaultArgExpr(clang::CXXDefaultArgExpr* e) {
    refs_.read(e->getExpr());
    return true;
  }
  bool VisitCXXDefaultInitExpr(clang::CXXDefaultInitExpr* e) {
    refs_.read(e->getExpr());
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* vd) {
    if (const auto* cleanup = vd->getAttr<clang::CleanupAttr>()) refs_.refer(cleanup->getFunctionDecl());
    return true;
  }
  // Implicit code too: `a < b` rewritten to `(a <=> b) < 0`, and a structured
  // binding's get<I>() call.
  bool VisitCXXRewrittenBinaryOperator(clang::CXXRewrittenBinaryOperator* e) {
    refs_.read(e->getSemanticForm());
    return true;
  }
  // A launch in device code calls the CUDA runtime's functions by name (Clang's
  // CGCUDARuntime looks them up).
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr*) {
    if (!deviceLaunchSeen_) {
      deviceLaunchSeen_ = true;
      for (const char* name : {"cudaGetParameterBuffer", "cudaGetParameterBufferV2", "cudaLaunchDevice",
                               "cudaLaunchDeviceV2"})
        for (const clang::NamedDecl* d : refs_.ast.getTranslationUnitDecl()->lookup(&refs_.ast.Idents.get(name)))
          refs_.refer(llvm::dyn_cast<clang::FunctionDecl>(d));
    }
    return true;
  }
  bool VisitBindingDecl(clang::BindingDecl* b) {
    refs_.read(b->getBinding());
    if (clang::VarDecl* holding = b->getHoldingVar()) refs_.read(holding->getInit());
    return true;
  }

protected:
  References& refs_;
  bool deviceLaunchSeen_ = false;
};

class TapeReader : public ReferenceVisits<TapeReader, InstantiationVisitor<TapeReader>> {
public:
  TapeReader(clang::ASTContext& ast, References& refs) : ReferenceVisits(refs), ast_(ast) {}
  bool VisitDecl(clang::Decl* d) {
    aliases.note(d);
    return true;
  }
  bool VisitFunctionDecl(clang::FunctionDecl* fd) {
    if (fd->doesThisDeclarationHaveABody() && !fd->isDependentContext() && !handedOverAlways(*fd) &&
        !foundByCodeGenOnUse(*fd) && deferrable(ast_, *fd))
      candidates.push_back(fd->getCanonicalDecl());
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* vd) {
    ReferenceVisits::VisitVarDecl(vd);
    if (deferrableVariable(ast_, *vd)) candidates.push_back(vd->getCanonicalDecl());
    return true;
  }
  std::vector<const clang::DeclaratorDecl*> candidates; // canonical
  AliasTargets aliases;

private:
  clang::ASTContext& ast_;
};

// What the tape leaves out, read with the implicit code in it.
class BodyReader : public ReferenceVisits<BodyReader, clang::RecursiveASTVisitor<BodyReader>> {
public:
  using ReferenceVisits::ReferenceVisits;
  bool shouldVisitImplicitCode() const { return true; }
};

} // namespace

bool foundByCodeGenOnUse(const clang::FunctionDecl& fd) {
  const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(&fd);
  // An explicit instantiation definition's members must be emitted, used or not.
  return fd.doesThisDeclarationHaveABody() && llvm::isa<clang::CXXRecordDecl>(fd.getLexicalDeclContext()) &&
         fd.isInlined() && !(md && md->isVirtual()) && !fd.hasAttr<clang::UsedAttr>() &&
         !fd.hasAttr<clang::RetainAttr>() && !fd.hasAttr<clang::CUDAGlobalAttr>() &&
         deferrable(fd.getASTContext(), fd);
}

UnreferencedFunctions::UnreferencedFunctions(const WalkTape& tape) {
  References refs(tape.ast());
  TapeReader reader(tape.ast(), refs);
  tape.replay(reader);
  BodyReader bodies(refs);
  while (!refs.unreadBodies.empty() || !refs.unreadExprs.empty()) {
    if (!refs.unreadExprs.empty()) {
      clang::Expr* e = refs.unreadExprs.back();
      refs.unreadExprs.pop_back();
      bodies.TraverseStmt(e);
      continue;
    }
    const clang::FunctionDecl* fd = refs.unreadBodies.back();
    refs.unreadBodies.pop_back();
    bodies.TraverseStmt(fd->getBody());
  }
  for (const clang::DeclaratorDecl* c : reader.candidates)
    if (!refs.referred.count(c) && !reader.aliases.mayName(*c)) unreferenced_.insert(c);
}

} // namespace circle
