#include "codegen/cluster_dims.h"

#include "support/gpu_arch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "llvm/IR/Module.h"

namespace circle {
namespace {

// A dimension the attribute gives (absent: 1); 0 when it is not a constant Clang
// has not already refused.
unsigned dimension(const clang::Expr* e, const clang::ASTContext& ast) {
  if (!e) return 1;
  std::optional<llvm::APSInt> v = e->getIntegerConstantExpr(ast);
  return v && v->isStrictlyPositive() ? unsigned(v->getZExtValue()) : 0;
}

} // namespace

std::vector<ClusterDimsError> markClusterDims(llvm::Module& m, const DeclsByName& kernels, int sm) {
  std::vector<ClusterDimsError> errors;
  for (const auto& [symbol, fd] : kernels) {
    llvm::Function* f = m.getFunction(symbol);
    if (!f || f->isDeclaration()) continue;
    const auto* attr = fd->getAttr<clang::CUDAClusterDimsAttr>();
    if (smNumber(sm) < 90) {
      errors.push_back({fd, "kernel '" + fd->getQualifiedNameAsString() + "' is declared __cluster_dims__, and " +
                                smName(sm) + " has no thread block clusters (sm_90 and later do); drop that "
                                "-sm_XX, or launch with clusters through cudaLaunchKernelEx where they exist"});
      continue;
    }
    const clang::ASTContext& ast = fd->getASTContext();
    unsigned x = dimension(attr->getX(), ast), y = dimension(attr->getY(), ast), z = dimension(attr->getZ(), ast);
    if (!x || !y || !z) {
      errors.push_back({fd, "kernel '" + fd->getQualifiedNameAsString() +
                                "': __cluster_dims__ needs positive constant dimensions"});
      continue;
    }
    f->addFnAttr("nvvm.cluster_dim", std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z));
  }
  return errors;
}

} // namespace circle
