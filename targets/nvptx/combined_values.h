// LLVM's MachineSink moves an instruction towards its uses block by block, through every
// block that leads to them, and counts that as profitable until it reaches one that does
// not post-dominate (it has no register pressure to weigh on NVPTX). For `x = y + z`
// where y and z die at x that lengthens two live ranges to shorten one. In CUB's
// onesweep kernel each key's rank, popc + shfl - 1, was moved past the 18 keys ranked
// after it: 19 pairs held instead of 19 ranks (+19 registers in ptxas's allocation;
// nvcc's code computes each rank in place). Such values get a use where they are
// computed (llvm.fake.use, printed as a comment), which MachineSink does not move them
// past.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Pins the values that combine two or more operands dying there, computed in a block
// that branches, and used only in blocks that are not its successors.
void keepCombinedValuesInPlace(llvm::Module& m);

} // namespace circle
