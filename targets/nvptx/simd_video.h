// CUDA's SIMD-within-a-word functions (__vsub4, __vcmpne4, __vsubss4, __vadd2...) are, in
// Clang's CUDA headers, inline assembly of PTX's video instructions (vsub4, vset4, ...),
// which sm_50 and later GPUs do not have: ptxas emulates each one with a long sequence.
// nvcc treats the functions as builtins and computes them with a few word operations.
// Measured on ggml's quantized mat-vec kernels (test-backend-ops perf, H200): the
// importance-matrix and K-quant types, whose dot products call __vcmpne4, __vsub4 and
// __vsubss4 a dozen times per block, ran 1.6-2.3x slower than nvcc's build for that
// alone (the rest of the kernel's PTX matched instruction for instruction).
//
// Each such asm statement (whoever wrote it) of the forms nvcc computes so (vadd, vsub,
// with or without .sat, vmin, vmax, unsigned vavrg and vset, 2 or 4 lanes, every lane)
// becomes LLVM IR before optimisation, with the same kind of word tricks. vabsdiff stays
// assembly: nvcc keeps it too (__vsad4, __vabsdiffu4), ptxas has an instruction for it;
// so does the signed average, whose rounding of negative sums was not matched yet.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Returns how many asm statements were replaced.
int lowerVideoInstructions(llvm::Module& m);

} // namespace circle
