#include "codegen/restrict_locals.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

#include <map>

namespace circle {
namespace {

// How many times each parameter is named in a body.
class ParameterUses : public clang::RecursiveASTVisitor<ParameterUses> {
public:
  std::map<const clang::ParmVarDecl*, int> uses;
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (auto* p = llvm::dyn_cast<clang::ParmVarDecl>(e->getDecl())) ++uses[p];
    return true;
  }
};

// The parameter a restrict-qualified pointer local of the outermost block is
// initialized with, converted at most (ggml's `(const block_q8_1 *) vy`).
const clang::ParmVarDecl* restrictInitializer(const clang::VarDecl& v) {
  if (!v.getType()->isPointerType() || !v.getType().isRestrictQualified() || !v.hasInit() ||
      v.getType()->getPointeeType().isVolatileQualified())
    return nullptr;
  const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(v.getInit()->IgnoreParenCasts());
  return ref ? llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()) : nullptr;
}

} // namespace

int restrictParametersBehindRestrictLocals(const DeclsByName& kernels) {
  int given = 0;
  for (const auto& [symbol, kernel] : kernels) {
    auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(kernel->getBody());
    if (!body) continue;
    std::map<const clang::ParmVarDecl*, int> throughLocals;
    for (const clang::Stmt* s : body->body())
      if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s))
        for (const clang::Decl* d : ds->decls())
          if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d))
            if (const clang::ParmVarDecl* p = restrictInitializer(*v)) ++throughLocals[p];
    if (throughLocals.empty()) continue;
    ParameterUses all;
    all.TraverseStmt(body);
    for (clang::ParmVarDecl* p : kernel->parameters()) {
      auto it = throughLocals.find(p);
      if (it == throughLocals.end() || all.uses[p] != it->second || p->getType().isRestrictQualified()) continue;
      p->setType(p->getType().withRestrict());
      ++given;
    }
  }
  return given;
}

} // namespace circle
