// A copy of a small aligned struct (float4, double2, a 16-byte POD) that survives
// optimisation as llvm.memcpy is expanded by the NVPTX backend into 8-byte load/store
// pairs, interleaved, so `out[i] = in[i]` of a float4 moves 2 x 8 bytes where nvcc's
// PTX has one ld.global.v4 and one st.global.v4 (measured: 0.78x nvcc's bandwidth).
// A memcpy's source and destination do not overlap: it becomes one vector load and
// one vector store.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Returns how many copies were widened.
int widenAggregateCopies(llvm::Module& m);

} // namespace circle
