// A word of byte (or halfword) masks made from each lane's top bit, written the portable
// way as ((y >> 7) & 0x01010101) * 0xff (CUDA's __vcmp* functions in Clang's headers, on
// top of the lowered __vset*; the SIMD video lowering's own saturation and min/max masks;
// SWAR code), is a shift, an and and a multiply in PTX. nvcc computes such masks with one
// prmt.b32 whose selector replicates each byte's sign bit. Measured on ggml's iq2_s
// mat-vec kernel (sm_90, test-backend-ops perf on an H200): 40 mul.lo.s32 and 49 shr.u32
// in circle's PTX against nvcc's 7 and 13 with 32 prmt.b32, 1.35x nvcc's time; the same
// idiom is in every importance-matrix and K-quant type's dot product.
//
// The identity is exact for every y: bit 0 of lane i of (y >> 7) & 0x01010101 is bit 7 of
// lane i of y, and a lane of 0 or 1 times 0xff fills the lane without a carry.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Replaces each such multiply by llvm.nvvm.prmt(y, 0, sign-replicating selector); returns
// how many.
int permuteLaneSignMasks(llvm::Module& m);

} // namespace circle
