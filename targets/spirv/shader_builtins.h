// CUDA's built-in variables, barrier and libdevice math, as the SPIR-V pass's module
// has them (NVVM intrinsics, __nv_* calls), become SPIR-V built-ins and LLVM's
// generic math intrinsics (GLSL.std.450 in the backend). Whatever is left over is
// reported by shader_checks.cpp.
#pragma once
#include <array>

namespace llvm {
class Module;
}

namespace circle {

void mapBuiltins(llvm::Module& m, const std::array<unsigned, 3>& localSize);

} // namespace circle
