// Loops whose trip count is known only at run time, unrolled four times as nvcc's
// NVVM does. LLVM's unroller counts such loops but declines to unroll them when
// computing the count before the loop costs more than a few instructions: a strided
// loop's `for (i = threadIdx.x; i < n; i += 32)` count, (n - 1 - i) / 32 + 1, is over
// its budget. nvcc unrolls these 4x (a row softmax, a layer norm, an n-body inner loop),
// so each thread keeps four loads in flight where circle's code kept one.
#pragma once

namespace llvm {
class PassBuilder;
}

namespace circle {

// Adds the unrolling before the vectorizer (LLVM's own unroller and clean-up follow),
// at -OG2 and above.
void addRuntimeUnroll(llvm::PassBuilder& pb, int optLevel);

} // namespace circle
