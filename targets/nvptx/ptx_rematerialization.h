// LLVM computes a cheap value once and holds its register until the last use; ptxas
// allocates that register across everything in between and does not compute the value
// again. Measured on CUB's select sweep (DeviceSelect::If, thrust::copy_if; sm_90, 17
// items a thread): the exclusive scan after the decoupled look-back reused 7 partial
// sums of the flags from the reduction before it (LLVM's reassociation), and `laneid +
// 2^k` and `tid + 32*k` were hoisted above the code using them: 70 registers against
// nvcc's 56, one block of 256 threads fewer per SM, 0.88x nvcc's time on an H200
// (bench/RESULTS.md); 56 with this. nvcc's code computes these where they are used.
// With ptx_undefined_registers.h, over bench/kernels' 83 kernels (sm_90): the select
// sweep 70 -> 56, CUB's single-pass scan 56 -> 48, a register-tiled SGEMM 112 -> 110,
// no other count changed; before the shared-source rule below, one of 159 kernels of
// 41 cuda-samples sources changed (32 -> 31).
//
// Here, in the PTX, a register written once by one integer add/sub/shift/logic/multiply
// of constants and registers that hold one value from there on (written once, or written
// nowhere a path from the computation reaches: a flag that defaults to 1 and is set where
// its item exists; thrust::copy_if's partial tile: 70 -> 56 registers, with kept_flags.h
// and machine_sinking.h) is computed again in each other block that
// reads it, right before the first read, when every register it reads is still live
// into that block (so no other live range grows; or the source feeds four candidates or
// more, tid + 32 * k for each item, and one register held longer frees several) and
// none of the blocks involved is in a loop (so no loop runs more instructions, and
// every register read holds the value it held at the first computation). The copies write the same register with the same
// value; the first computation's value then dies where its own block's reads end.
#pragma once
#include <string>

namespace circle {

// Returns how many copies were added to `ptx` (every function body it can model).
int rematerializeCheapValues(std::string& ptx);

} // namespace circle
