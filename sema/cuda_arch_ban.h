// __CUDA_ARCH__ tells a two-pass compiler which pass it is in. circle parses once,
// so the macro is never defined, and a user's file that tests or reads it gets an
// error pointing to `if target`, the single-pass way to ask which target is being
// generated. System headers keep seeing it silently undefined.
#pragma once
#include <functional>

namespace clang {
class Preprocessor;
class Token;
} // namespace clang

namespace circle {

// Returns what must see every token the parser gets (uses outside directives).
std::function<void(const clang::Token&)> banCudaArch(clang::Preprocessor& pp);

} // namespace circle
