// The factors loops are unrolled by, where LLVM's choice and nvcc's differ and nvcc's
// code runs faster (bench/RESULTS.md, the twelfth and thirteenth runs):
// - a loop whose trip count is known only at run time: LLVM counts it but declines to
//   unroll it when computing the count before the loop costs more than a few
//   instructions (a strided loop's `for (i = lane; i < n; i += 32)`: (n - 1 - lane) / 32
//   + 1). nvcc unrolls such loops 4x, so each thread keeps four loads in flight; also
//   those stepping by an int computed before the loop (a grid-stride loop over a
//   variable: cuda-samples' alignedTypes), not those a constant bounds to a block's
//   worth of elements (scalarProd's reduction steps; bench/RESULTS.md, 2026-11-30).
// - a loop with a constant count too large to unroll fully: LLVM unrolls it by the
//   largest factor under its size limit that divides the count (5 for 500 trips), nvcc
//   by a power of two; ptxas unrolls further from there, and the odd factors run slower.
//   Where that power leaves a remainder, LLVM's remainder loop stays rolled to the end:
//   circle unrolls fully up to twice LLVM's size limit (quasirandomGenerator's 31 trips,
//   as nvcc), else by a power of two that divides the count.
// - `#pragma unroll` on a loop of tensor-core operations: LLVM unrolls it fully while
//   the result stays under 16,384 instructions; nvcc unrolls it partly. cuda-samples'
//   bf16TensorCoreGemm: its 64-trip tile loop became 4,096 wmma.mma in one kernel (nvcc:
//   512), PTX 2.5 MB against 0.42 MB, 111 s to compile for one sm. With LLVM's pragma
//   limit at 2,000 instructions in modules that use WMMA/MMA, circle keeps nvcc's 512.
//   Measured on an H200 (interleaved, two runs each): bf16TensorCoreGemm 130-132 ->
//   157-158 TFLOPS (nvcc 161-162), cudaTensorCoreGemm 82-84 -> 98 (nvcc 100-112),
//   immaTensorCoreGemm 151 -> 157-161 TOPS. Not for other modules: nvcc fully unrolls a
//   64-trip loop of arithmetic that the 2,000 limit would halve (tests/e2e/
//   test_device_codegen.sh); bench/kernels' PTX is unchanged either way.
#pragma once
#include "support/scoped_llvm_option.h"

#include <optional>

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace circle {

// Adds the unrolling before the vectorizer (LLVM's own unroller and clean-up follow),
// at -OG2 and above.
void addUnrollFactors(llvm::PassBuilder& pb, int optLevel);

// While it lives, LLVM's size limit for a `#pragma unroll` full unroll is the one above
// if `m` uses tensor-core operations, unless -mllvm -pragma-unroll-threshold= set it;
// the host keeps LLVM's.
class DevicePragmaUnrollLimit {
public:
  explicit DevicePragmaUnrollLimit(const llvm::Module& m);

private:
  std::optional<ScopedLlvmOption<unsigned>> limit_;
};

} // namespace circle
