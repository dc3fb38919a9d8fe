// Which of the CUDA runtime's functions a kernel may call: the ones the toolkit's headers
// declare __device__ (cuda_device_runtime_api.h: cudaGetLastError, cudaMalloc, the
// launch API), which libcudadevrt.a defines after ptxas. A host-only one reached from
// device code (cudaDeviceSynchronize, which CUDA 12 removed from device code unless
// CUDA_FORCE_CDP1_IF_SUPPORTED asks for it on sm_89 and older; cudaMemcpy) is an error
// at the kernel, as nvcc's "calling a __host__ function".
#pragma once
#include "llvm/ADT/StringRef.h"

namespace clang {
class ASTContext;
}

namespace circle {

// Whether the C function `name` has a __device__ declaration in the translation unit.
bool declaredForDevice(clang::ASTContext& ast, llvm::StringRef name);

} // namespace circle
