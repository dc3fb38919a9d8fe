// [[spirv::comp(x[, y[, z]])]] marks a kernel as a Vulkan compute shader entry point
// with that local size (workgroup size). The attribute makes the function a kernel
// (implicitly __global__), so the same function can also be launched with <<< >>>
// on CUDA, and the host knows it by the same handle on both paths.
#pragma once
#include <array>
#include <optional>

namespace clang {
class FunctionDecl;
}

namespace circle {

// The entry point's local size, if `fd` (or the template it was instantiated from)
// carries the attribute.
std::optional<std::array<unsigned, 3>> spirvLocalSize(const clang::FunctionDecl& fd);

} // namespace circle
