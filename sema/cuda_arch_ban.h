// __CUDA_ARCH__ tells a two-pass compiler which pass it is in. circle parses once:
// guards around whole statements of a function body, and uses in its expressions,
// are rewritten before the parse (frontend/cuda_arch_branches.h). Any use left in a
// user's file (at namespace or class scope, through another macro, splitting a
// statement) would change declarations per target: an error pointing to `if
// target`. System headers keep seeing it silently undefined. The same holds for the
// macros only an arch-specific sm defines (__CUDA_ARCH_FEAT_SM90_ALL...) when a
// target is one (support/gpu_arch.h).
#pragma once
#include <functional>

namespace clang {
class Preprocessor;
class Token;
} // namespace clang

namespace circle {

// Returns what must see every token the parser gets (uses outside directives).
std::function<void(const clang::Token&)> banCudaArch(clang::Preprocessor& pp, bool archSpecificTargets);

} // namespace circle
