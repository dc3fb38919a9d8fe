// WMMA's load_matrix_sync and store_matrix_sync reach NVVM's intrinsics with a generic
// pointer, and LLVM's address-space inference does not rewrite intrinsic operands, so
// circle's PTX said `wmma.load.a.sync.aligned.row.m16n16k16.s8` (a generic LD.E in
// SASS) where nvcc's says `...m16n16k16.global.s8` (LDG): measured, the half and int8
// GEMMs ran at 0.97x nvcc's speed, the kinds nvcc gives .global to, while bf16, tf32
// and double, which nvcc also loads generically, ran at 1.00-1.06x.
//
// A kernel's pointer parameters point to global memory: NVPTX's code generator assumes
// it too (its lowering of kernel arguments). Each kernel's pointer parameters are
// seen through the global space here; where address-space inference then finds a
// WMMA load or store's pointer converted from the global (or shared) space, the call
// takes the intrinsic's overload for that space.
#pragma once

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace circle {

// Returns how many WMMA loads and stores now name their address space.
int specializeMatrixAccesses(llvm::Module& m, llvm::TargetMachine& tm);

} // namespace circle
