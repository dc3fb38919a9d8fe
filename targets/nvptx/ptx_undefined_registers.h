// A register LLVM leaves unwritten on some path (an item a partial tile does not load:
// `if (i < n) item = in[i];` whose phi takes undef otherwise) reads as live from the
// kernel's entry: ptxas holds it across everything before its first write, also across
// code that never reaches it. In CUB's select sweep two copies of the partial-tile load
// (first tile, other tiles) held both copies' 17 items at once: 17 registers at the
// peak of thrust::copy_if's kernel (sm_90).
//
// Each such register (a .b32 or .b64 one) is written zero where its life should begin:
// at the top of the block that dominates every read and write of it, when that block
// is in no loop (it runs at most once, and nothing has written the register before it,
// so the zero only chooses a value for what was undefined).
#pragma once
#include <string>

namespace circle {

// Returns how many registers were given a first write in `ptx`.
int defineUndefinedRegisters(std::string& ptx);

} // namespace circle
