// Turns circle's command line into the one Clang invocation that parses the source.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class DiagnosticsEngine;
} // namespace clang

namespace circle {
struct Options;
struct Input;
struct CudaToolkit;

// `toolkit` is null for plain C++ (no --cuda-path). Returns null after reporting.
std::unique_ptr<clang::CompilerInvocation> buildInvocation(const Options& opts, const CudaToolkit* toolkit,
                                                           const Input& input);

} // namespace circle
