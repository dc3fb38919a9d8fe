#include "codegen/left_out_functions.h"

#include "codegen/unreferenced_functions.h"

#include "clang/AST/Decl.h"

namespace circle {

bool LeftOutFunctions::leavesOut(const clang::Decl* d) const {
  if (all_) return false;
  if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d)) return leftOut_.count(vd->getCanonicalDecl()) != 0;
  const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
  if (!fd || !fd->doesThisDeclarationHaveABody()) return false;
  // CodeGen skips templates' patterns, which the PCH's reader hands on with the rest.
  return fd->isDependentContext() || foundByCodeGenOnUse(*fd) || leftOut_.count(fd->getCanonicalDecl()) != 0;
}

bool LeftOutFunctions::neededAfterAll(const clang::Decl* d) const {
  return !all_ && d && leftOut_.count(d->getCanonicalDecl()) != 0;
}

} // namespace circle
