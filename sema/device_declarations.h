// Rules for kernels and device variables that Clang's CUDA Sema leaves to the
// backends (where they surface as ptxas errors without a location, or as wrong
// code). Checked over the whole AST once the parse is done, each an error at the
// declaration or expression at fault:
// - a variadic __global__ function (no parameter space can hold `...`);
// - a kernel whose parameters need more than the toolkit's parameter space;
// - __constant__ data beyond the GPU's 64 KiB constant bank;
// - a __device__ or __constant__ variable initialized with the address of a
//   __shared__ variable (it differs per block) or of a host variable (which does not
//   exist on the GPU).
#pragma once

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace circle {

class WalkTape;

// Kernel parameters: 32,764 bytes since CUDA 12.1 on Volta and newer (every sm CUDA
// 13 supports); the 4 KiB of older toolkits do not apply.
inline constexpr unsigned long long kKernelParameterBytes = 32764;
inline constexpr unsigned long long kConstantBankBytes = 64 * 1024;

// False after reporting an error.
bool checkDeviceDeclarations(const WalkTape& tape, clang::DiagnosticsEngine& diags);

} // namespace circle
