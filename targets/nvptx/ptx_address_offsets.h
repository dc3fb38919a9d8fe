// LLVM computes `base + constant` once for every memory access at that address and holds
// the sum in a register until the last access, even where the accesses are far apart in
// one block (the same tile address in each unrolled step of a loop); NVPTX's instruction
// selection folds the constant into the address only where the sum is computed in the
// access's own block and used once. ptxas allocates a register for each sum. Measured on
// cuda-samples' dmmaTensorCoreGemm (sm_90): its default kernel, compute_dgemm_async_copy,
// held 118 such sums of two shared-memory bases across its unrolled k-steps (224
// registers; nvcc 128, whose PTX writes `[base+constant]` at each access).
//
// Here, in the PTX, a register written once by `add` of a register and a constant, and read
// only as memory addresses (`[%r100]`, `[%r100+32]`), is replaced at each of those
// addresses by the base and the summed constant when the base holds the same value there
// (written once, where it dominates the sum) and is live there anyway; the sum is then
// dead and ptxas drops it.
#pragma once
#include <string>

namespace circle {

// Returns how many lines were written again.
int foldAddressOffsets(std::string& ptx);

} // namespace circle
