// A __device__ variable written by a kernel and read back with cudaMemcpyFromSymbol;
// a __constant__ table filled with cudaMemcpyToSymbol.
#include <cuda_runtime.h>
#include <cstdio>

__device__ int counter;
__device__ float scale = 1.5f;
__constant__ int weights[4];

__global__ void accumulate() {
  int w = weights[threadIdx.x % 4];
  atomicAdd(&counter, w);
  if (threadIdx.x == 0) scale *= 2.0f;
}

int main() {
  int host_weights[4] = {1, 2, 3, 4};
  int zero = 0;
  cudaMemcpyToSymbol(weights, host_weights, sizeof host_weights);
  cudaMemcpyToSymbol(counter, &zero, sizeof zero);
  accumulate<<<1, 64>>>();
  int result = -1;
  float s = 0;
  cudaMemcpyFromSymbol(&result, counter, sizeof result);
  cudaMemcpyFromSymbol(&s, scale, sizeof s);
  printf("counter = %d (expected %d)\n", result, 16 * (1 + 2 + 3 + 4));
  printf("scale = %.1f\n", s);
  return result == 160 ? 0 : 1;
}
