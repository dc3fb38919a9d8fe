// Thread block clusters (sm_90): a kernel declared __cluster_dims__(X, Y, Z) runs in
// clusters of X*Y*Z blocks. Clang 22 reads the attribute but its NVPTX code generation
// leaves it out, so without this such a kernel ran in clusters of one and its cluster
// barriers and distributed shared memory failed at run time. Each device pass gives the
// kernels LLVM's "nvvm.cluster_dim" (PTX .explicitcluster, .reqnctapercluster).
#pragma once
#include "codegen/kernel_index.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

struct ClusterDimsError {
  const clang::FunctionDecl* kernel;
  std::string message;
};

// Marks the module's kernels found in `kernels` (indexClusterKernels) for `sm`; an sm
// before 90 has no clusters: an error for each such kernel the module defines.
std::vector<ClusterDimsError> markClusterDims(llvm::Module& m, const DeclsByName& kernels, int sm);

} // namespace circle
