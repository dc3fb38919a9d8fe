// A comparison whose 0/1 value is kept in a register (`flag = zext(x % 3 == 0)`, CUB's
// selection flags, any `int f = pred(x)`) and that also decides a branch or select in a
// later block: CodeGenPrepare copies the comparison next to each such use (NVPTX does
// not say it has several condition registers), so its operands stay live to there
// beside the flag. Measured on CUB's DeviceSelectSweepKernel for thrust::copy_if with
// `x % 3 == 0` (sm_90): each of the 17 items' remainders lived from the flags through
// the block scan and the look-back to the scatter, 77 registers against nvcc's 56; the
// same shape is in DeviceSelect's flagged/unique/partition kernels and in any kernel
// that keeps a predicate's result as an int. Testing the kept flag where the later use
// stands (`flag != 0`) ends the operands at the comparison.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Rewrites each later-block use of such a comparison to `flag != 0`, where the flag is
// read again after that use anyway; returns how many uses.
int testKeptFlagsAtLaterUses(llvm::Module& m);

} // namespace circle
