// Loops over a thread's share of a block's work, `for (i = threadIdx.x; i < N; i += 256)`,
// run a few times, a number LLVM can bound but not count (it depends on the thread).
// nvcc unrolls them; LLVM's unroller leaves a loop it cannot count alone when its
// bound is small (below -unroll-max-upperbound, 8) unless the target asks for
// "upper-bound" unrolling, which NVPTX does not. Rolled, such a loop waits for each
// global load before the next iteration issues its own (sgemm_tiled's tile loads:
// four round trips where nvcc's code has one).
#pragma once

namespace llvm {
class PassBuilder;
}

namespace circle {

// Adds to `pb`'s default pipeline (optLevel > 0):
// - LLVM's own NVVMIntrRange again after each peephole step: at the pipeline's start
//   threadIdx and blockDim are still calls to the CUDA headers' accessors, so a
//   kernel's launch bounds never narrowed their ranges; once inlined they can, and the
//   unrolled copies' guards (`i + 256 < N` for every thread below the bound) fold away.
// - loops with a small constant bound on their trip count unrolled up to that bound.
void addThreadBoundLoopSteps(llvm::PassBuilder& pb, int optLevel);

} // namespace circle
