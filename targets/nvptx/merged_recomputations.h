// Where two paths compute the same value, say `threadIdx.x + 384` in the full-tile and the
// partial-tile copies of a scatter, LLVM joins the two copies with a phi and holds the
// phi's register until the value's last use. CUB's onesweep kernel for key-value pairs
// held 16 such item indices, in 32 and in 64 bits, from the key scatter across the value
// loads to the value scatter (48 registers; nvcc's code computes each index where it is
// used). InstCombine folds such a phi only where each copy has no other use. Each use
// of the phi now computes the value itself.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Replaces the phis whose incoming values are the same expression on every path (at most
// three integer operations, casts or constant-index element addresses deep, over
// constants, parameters and the thread's special registers) by that expression, computed
// before each use outside loops the phi is not in.
void recomputeMergedValues(llvm::Module& m);

} // namespace circle
