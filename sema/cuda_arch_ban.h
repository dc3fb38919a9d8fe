// __CUDA_ARCH__ tells a two-pass compiler which pass it is in. circle reads it per
// target in every file it reads through its file system (frontend/target_views.h);
// two things stay errors: defining or undefining it (or -D__CUDA_ARCH__: each target
// has its own value), and a use in a file circle cannot read again per target (a
// source from standard input), where it would silently take the host's view. The
// CUDA toolkit's and Clang's own headers keep the host's view by design. The same
// holds for the macros only an arch-specific sm defines (__CUDA_ARCH_FEAT_SM90_ALL...)
// when a target is one (support/gpu_arch.h).
#pragma once
#include "llvm/ADT/StringRef.h"

#include <functional>

namespace clang {
class Preprocessor;
class Token;
} // namespace clang

namespace circle {

// Returns what must see every token the parser gets (uses outside directives).
// `readPerTarget(file)`: circle reads the file per target; `hostView(file)`: it keeps
// the host's view by design (the toolkit's and Clang's headers).
std::function<void(const clang::Token&)> banCudaArch(clang::Preprocessor& pp, bool archSpecificTargets,
                                                     std::function<bool(llvm::StringRef)> readPerTarget,
                                                     std::function<bool(llvm::StringRef)> hostView);

} // namespace circle
