// Circle's launch-bound intrinsics, __nvvm_maxntidx(n) and __nvvm_minctasm(n), are
// calls in a kernel's code rather than attributes on its declaration, so an
// `if target` branch can give each sm its own bounds. Each device pass turns the
// calls that survive its if-target folding into the .maxntid / .minnctapersm of
// every kernel that reaches them.
#pragma once
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

struct LaunchBoundsError {
  std::string kernel; // mangled: the kernel that reaches the call
  std::string message;
};

// Run before optimisation, while the calls still sit in the functions that make them.
std::vector<LaunchBoundsError> lowerLaunchBounds(llvm::Module& module);

} // namespace circle
