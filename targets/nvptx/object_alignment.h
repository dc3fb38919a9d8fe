// A GPU object's alignment must hold for every access the PTX makes to it. C++ code
// often reads an array wider than its type promises: ggml's flash attention copies a
// local `half2 zero[4]` (alignment 4) with an int4 load inside a lambda that stays a
// call. NVPTX prints that 16-byte access as ld.v4, which faults ("misaligned address")
// unless the address is a multiple of 16, while it places the array in the thread's
// frame (the local depot) by the array's own alignment: circle's build put it at
// offset 20. nvcc's build places it at a multiple of 16: its objects take the
// alignment that the accesses made through them need, even inside functions they are
// passed to (measured with nvcc 13.0: an array handed to a __noinline__ function that
// reads it as int4 sits at offset 16 of a .align 16 depot; arrays read only through
// narrower accesses keep their own alignment).
//
// Here every object circle lays out (stack objects, and the module's own __shared__,
// __device__ and __constant__ variables) takes the widest alignment of an access
// reached from its address: through casts, offsets, phis and selects, memory
// intrinsics, atomics, and into the pointer arguments of the functions the module
// defines, whose needs are found together (a fixed point over the call graph).
// Raising an alignment never changes a result; it may cost a few bytes of padding.
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace circle {

// Returns how many objects were given a larger alignment.
int alignObjectsForTheirAccesses(llvm::Module& m);

} // namespace circle
