// A few of Clang's CUDA diagnostics give advice that does not fit circle (a
// -fgpu-rdc flag it does not have, no word of execution spaces). This consumer
// sits in front of Clang's printer and rewords them; location and caret stay.
#pragma once
#include <functional>
#include <memory>

namespace clang {
class DiagnosticConsumer;
class SourceLocation;
}

namespace circle {

// It also drops two kinds of Clang's errors when written inside CCCL's NV_IF_TARGET:
// a reference to a __device__ function from __host__ __device__ code, and inline
// assembly whose constraints the host does not know. Clang checks both branches for
// the host; circle generates only the branch each target takes, and a device
// branch is never generated for the host. The same errors (and a __shared__ array in a
// __host__ __device__ function) are dropped in a branch of `if target` the host does
// not take, which `deadOnHost` answers once the parse is over (Clang says the
// deferred ones at the end of the translation unit).
std::unique_ptr<clang::DiagnosticConsumer> rewordForCircle(std::unique_ptr<clang::DiagnosticConsumer> printer,
                                                           std::function<bool(clang::SourceLocation)> deadOnHost);

} // namespace circle
