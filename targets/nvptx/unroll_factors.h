// The factors loops are unrolled by, where LLVM's choice and nvcc's differ and nvcc's
// code runs faster (bench/RESULTS.md, the twelfth and thirteenth runs):
// - a loop whose trip count is known only at run time: LLVM counts it but declines to
//   unroll it when computing the count before the loop costs more than a few
//   instructions (a strided loop's `for (i = lane; i < n; i += 32)`: (n - 1 - lane) / 32
//   + 1). nvcc unrolls such loops 4x, so each thread keeps four loads in flight.
// - a loop with a constant count too large to unroll fully: LLVM unrolls it by the
//   largest factor under its size limit that divides the count (5 for 500 trips), nvcc
//   by a power of two; ptxas unrolls further from there, and the odd factors run slower.
#pragma once

namespace llvm {
class PassBuilder;
}

namespace circle {

// Adds the unrolling before the vectorizer (LLVM's own unroller and clean-up follow),
// at -OG2 and above.
void addUnrollFactors(llvm::PassBuilder& pb, int optLevel);

} // namespace circle
