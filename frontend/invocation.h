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

// `toolkit` is null for plain C++ (no --cuda-path) and host-only sources, which see
// `hostHeaders`' include directory when given, as nvcc's host compiles do. Returns null
// after reporting.
std::unique_ptr<clang::CompilerInvocation> buildInvocation(const Options& opts, const CudaToolkit* toolkit,
                                                           const Input& input,
                                                           const CudaToolkit* hostHeaders = nullptr);

} // namespace circle
