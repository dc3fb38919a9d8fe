// A bit field taken out of a value early, `(x >> s) & mask`, and used again after a
// __syncthreads() keeps a register across everything between; nvcc's code takes the field
// out again where it is used. LLVM's GVN merges the two extractions into one value, and
// an identical extraction put back before PTX is merged again (MachineCSE, then ptxas's
// own value numbering), so the field is extracted again as `bfe.u32`, which nothing
// matches with the shift and mask. Radix sorts are the case: CUB's onesweep kernel
// (thrust::sort) counts each key's digit, waits for the block's scan and the decoupled
// look-back, then ranks the keys by the same digits; holding 19 digits and their
// 19 counter addresses across the look-back was most of its 80 registers to nvcc's 56
// under `.maxntid 384` (2 blocks per SM instead of 3; the rest: combined_values.h;
// bench/RESULTS.md, fifteenth run).
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Extracts again, in each block that uses them after a barrier following their
// extraction, the 32-bit fields `(x >> s) & mask` (the mask constant or ~(-1 << b), s and
// b constants or parameters) of which a function has 4 or more of one shift and width,
// where x is still read later there anyway and the block is in no loop the field is
// outside of. The use may be the field itself or an element address it indexes (through
// a sign or zero extension).
void extractBitFieldsAgainAfterBarriers(llvm::Module& m);

} // namespace circle
