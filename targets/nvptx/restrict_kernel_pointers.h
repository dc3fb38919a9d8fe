// nvcc's --restrict: the user promises that no two pointer parameters of a kernel
// reach the same memory, as if each were declared __restrict__. Marked noalias, the
// loads through read-only ones may use the non-coherent cache (ld.global.nc) and
// stay where alias analysis could not move them otherwise.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

void restrictKernelPointers(llvm::Module& m);

} // namespace circle
