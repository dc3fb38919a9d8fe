#include "codegen/device_constants.h"

#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

namespace circle {
namespace {

class ConstexprFinder : public InstantiationVisitor<ConstexprFinder> {
public:
  bool VisitVarDecl(clang::VarDecl* vd) {
    if (vd->isConstexpr() && vd->hasGlobalStorage() && !vd->isStaticLocal() && !vd->getType()->isDependentType() &&
        !vd->getDeclContext()->isDependentContext() && !vd->hasAttr<clang::CUDADeviceAttr>() &&
        !vd->hasAttr<clang::CUDAConstantAttr>() && !vd->hasAttr<clang::CUDASharedAttr>())
      found.push_back(vd);
    return true;
  }
  std::vector<clang::VarDecl*> found;
};

} // namespace

std::vector<clang::VarDecl*> findHostConstexprVariables(const WalkTape& tape) {
  ConstexprFinder finder;
  tape.replay(finder);
  return std::move(finder.found);
}

DeviceConstantsScope::DeviceConstantsScope(clang::ASTContext& ast, const std::vector<clang::VarDecl*>& vars)
    : vars_(vars) {
  for (clang::VarDecl* vd : vars_) vd->addAttr(clang::CUDAConstantAttr::CreateImplicit(ast));
}

DeviceConstantsScope::~DeviceConstantsScope() {
  for (clang::VarDecl* vd : vars_) vd->dropAttr<clang::CUDAConstantAttr>();
}

} // namespace circle
