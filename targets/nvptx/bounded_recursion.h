// Recursion whose depth a constant bounds, the way std::sort's introsort is bounded
// by its depth limit (2 log2 n, a constant when n is): nvcc inlines it level by level,
// so a per-thread std::sort has no call, no stack frame and its array in registers
// and local memory; LLVM never inlines a recursive call, so circle's kernel called a
// recursive .func (measured: std::sort of 64 floats per thread at 0.6x nvcc's speed).
//
// An internal function F that calls itself, and is called from elsewhere only with
// values its known bits bound by C (0 <= C <= 16) at one integer argument d (a
// constant, or a choice between constants), is cloned into F_C ... F_0,
// where F_k's self-calls go to F_(k-1) when their d is at most k-1 (unsigned) and to
// F otherwise. Nothing is assumed: the test is in the code, F stays for whatever does
// not fit, and LLVM's inliner then flattens F_C ... F_0 (each called once); where
// it proves the test, the fallback call disappears with it. An outside call goes to
// F_B, B its argument's bound.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Returns how many functions were unrolled; the caller optimises the module again.
int unrollBoundedRecursion(llvm::Module& m);

} // namespace circle
