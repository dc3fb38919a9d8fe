// nvcc reads through the non-coherent cache (ld.global.nc) what a device function reads
// through a __restrict__ pointer parameter it never writes through, once the function
// is inlined into a kernel that writes nothing through that pointer's object elsewhere
// (writes through other parameters do not matter to it). LLVM's NVPTX backend uses
// ld.global.nc only for a kernel's own noalias read-only parameters, so every helper of
// the `const T* __restrict__ p` style lost it. Measured on ggml's mat-vec kernels
// (mmvq.cu, sm_90, where ggml's kernels' own pointers are not restrict): nvcc 30
// ld.global.nc of 31 global loads in the q4_0 kernel, circle none; the rules below were
// read off nvcc 13.0's PTX for the helper shapes in tests/e2e/test_restricted_reads.sh.
//
// Two steps, because restrict holds for the function's execution only:
// - before any inlining, a noalias pointer parameter that its function (and the
//   functions it passes it to) neither writes through nor lets escape gets a name the
//   inliner copies into the alias scope it makes for that parameter;
// - after the whole pipeline, a global load in such a scope becomes an invariant load
//   (what __ldg is), which the backend reads through the non-coherent cache, when its
//   object is one the function writes through no pointer to, and the code generator
//   cannot move it past a write in its block (it orders an invariant load against its
//   own block's data dependences only) or hoist it (dereferenceable pointers).
#pragma once

namespace llvm {
class Module;
class PassBuilder;
class TargetMachine;
} // namespace llvm

namespace circle {

// Adds the naming to `pb`'s default pipeline (optLevel > 0).
void addRestrictedReadScopes(llvm::PassBuilder& pb, int optLevel);

// Returns how many loads became invariant.
int readRestrictedDataAsInvariant(llvm::Module& m, llvm::TargetMachine& tm);

} // namespace circle
