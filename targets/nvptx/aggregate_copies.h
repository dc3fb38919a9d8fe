// A copy of a small aligned struct (float4, double2, a 32-byte POD of two int4s) that
// survives optimisation as llvm.memcpy is expanded by the NVPTX backend into 8-byte
// load/store pairs, interleaved: `out[i] = in[i]` of a float4 moved 2 x 8 bytes where
// nvcc's PTX has one ld.global.v4 and one st.global.v4 (measured: 0.78x nvcc's
// bandwidth), and of cuda-samples' 32-byte RGBA32_2 each of the four loads waited for
// the store before it (alignedTypes on an H200: 0.75x). A memcpy's source and
// destination do not overlap: it becomes the widest loads its alignment allows, all of
// them before the stores.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Returns how many copies were widened.
int widenAggregateCopies(llvm::Module& m);

} // namespace circle
