// With launch checks on (-g, no -DNDEBUG), the prelude defines
// __circle_checked_launch_kernel, which asserts that a 5-argument launch runs the
// PTX it names before calling cudaLaunchKernel. Clang's kernel stubs call
// cudaLaunchKernel by name; this points their calls at the checked version.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Returns how many stub calls now go through the check (0 when checks are off).
int routeStubLaunchesThroughCheck(llvm::Module& hostModule);

} // namespace circle
