// A loop LLVM leaves rolled is unrolled by ptxas itself when its body is small. For a
// WMMA k loop whose operand fragments take 8 or more registers a step (half, bf16,
// tf32) that doubles the fragments live and crosses an occupancy step: circle's half
// GEMM got 44 registers (40 warps per SM) where nvcc's, whose NVVM unrolls the loop
// 4x and ptxas leaves it, gets 32 (64 warps). Such loops get ptxas's "nounroll":
// measured on the H100, half 0.618 -> 0.594 ms (nvcc 0.593), bf16 0.609 -> 0.587
// (nvcc 0.616), tf32 unchanged; with smaller fragments (int8, double) ptxas's unrolling
// pays, and those loops are left to it (bench/RESULTS.md).
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Marks the module's innermost loops that load such fragments and carry no unroll
// decision yet.
void keepTensorCoreLoopsRolled(llvm::Module& m);

} // namespace circle
