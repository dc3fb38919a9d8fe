// Loads and stores whose alignment follows from what they address, a global or shared
// array of 8- or 16-byte elements indexed by a variable, keep the alignment Clang wrote
// (the element's: 4 for an int read from a uint64_t table) unless the pipeline proves
// more. LLVM's InferAlignment cannot prove it while the address is a generic pointer
// (an addrspacecast of the global, which is how Clang spells a __device__ array), and
// NVPTX's backend infers the address space only in code generation, just before its
// LoadStoreVectorizer, which (LLVM 22) raises the alignment of nothing but a
// local: two adjacent 4-byte reads of an 8-byte table entry stay two loads. nvcc reads
// them with one ld.v2. Measured on ggml's iq2_s mat-vec kernel (PTX, sm_90): 16
// ld.global.nc.b32 of the grid table where nvcc has 8 ld.global.nc.v2.u32. Checked on the
// whole of ggml's mmvq.cu (294 kernels: 372 ld.global.nc.v2, nvcc's count; 248 before)
// and by ggml's test-backend-ops MUL_MAT on an H200 (all pass); not yet on bench/kernels.
#pragma once

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace circle {

// At the end of `pb`'s default pipeline (optLevel > 0): address spaces inferred, then
// alignment, so that code generation's vectorizer sees both.
void addKnownAlignment(llvm::PassBuilder& pb, int optLevel);

// extern __shared__ arrays all start where the block's dynamic shared memory starts,
// which CUDA aligns to at least 16 bytes; nvcc declares each `.extern .shared .align 16`
// whatever its element type. Clang keeps the element's alignment (2 for __nv_bfloat16),
// so an int4 copy into such an array (`*((int4*)&shmem[r][0] + lane) = ...`: Clang
// takes the array's alignment, not int4's) was split into eight 2-byte loads and stores.
// Measured on cuda-samples' bf16TensorCoreGemm (sm_90 PTX): 8,192 ld.global.b16 where
// nvcc has 144 ld.global.v4. Before optimisation, so the pipeline infers from it.
void alignDynamicSharedMemory(llvm::Module& m);

} // namespace circle
