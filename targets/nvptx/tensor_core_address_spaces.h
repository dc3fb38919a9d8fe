// WMMA loads and stores (llvm.nvvm.wmma.*.load/store.*) take a generic pointer; a
// fragment read from a __shared__ tile reaches them as `addrspacecast (gep @shmem, i)`,
// and LLVM's address-space inference does not rewrite these intrinsics. Each cast is a
// cvta.shared of its own 32-bit offset in the PTX, which ptxas cannot relate to the
// others: every fragment address a loop reads is a 64-bit register of its own.
// Measured on cuda-samples' dmmaTensorCoreGemm (sm_90): compute_dgemm 208 registers
// against nvcc's 96 (nvcc converts once and adds offsets), 1 block of 256 threads per
// SM instead of 2, 0.83x nvcc's FP64 TFLOPS on an H200. The intrinsics' shared and
// global forms (`wmma.load.a.sync.aligned.row.m8n8k4.shared.f64`) read the
// space-specific pointer directly.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Calls the shared (or global) form of each WMMA load and store whose pointer is a cast
// from that space; returns how many.
int useSpaceFormsOfTensorCoreAccesses(llvm::Module& m);

} // namespace circle
