// gpu-suite: sm_90
// cuda_awbarrier.h's arrival token counts pending arrivals one way on sm_90
// (`#if __CUDA_ARCH__ >= 900`: mbarrier's own count) and shifted on older targets: a
// toolkit header's device path, which must be the target's own. The header also
// redeclares Clang's extern "C" __nvvm_get_smem_pointer in a namespace.
#include <cuda_awbarrier.h>
#include <cstdio>

__global__ void arrivals(unsigned* pending) {
  __shared__ nvcuda::experimental::awbarrier bar;
  if (threadIdx.x == 0) nvcuda::experimental::init(&bar, 4);
  __syncthreads();
  // One arrival at a time, so that each count is known.
  for (int t = 0; t < 3; ++t) {
    if (threadIdx.x == t) pending[t] = bar.arrive().pending_count();
    __syncthreads();
  }
}

int main() {
  unsigned* pending;
  cudaMallocManaged(&pending, 3 * sizeof(unsigned));
  arrivals<<<1, 32>>>(pending);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  printf("pending after each arrival: %u %u %u\n", pending[0], pending[1], pending[2]);
  return 0;
}
