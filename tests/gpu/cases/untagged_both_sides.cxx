// One untagged function per job for host and GPU, the GPU's branch of `if target`
// using what only the GPU has; host code calls the same functions.
#include <cuda_runtime.h>
#include <cstdio>

int where() {
  if target(__is_host_target) return -1;
  else return blockIdx.x * blockDim.x + threadIdx.x;
}

float block_first(float v) {
  if target(__is_host_target) {
    return v;
  } else {
    __shared__ float first;
    if (threadIdx.x == 0) first = v;
    __syncthreads();
    return first;
  }
}

__global__ void fill(int* ids, float* firsts) {
  int i = where();
  ids[i] = i;
  firsts[i] = block_first(10.0f * blockIdx.x + threadIdx.x);
}

int main() {
  int* ids;
  float* firsts;
  cudaMallocManaged(&ids, 64 * sizeof(int));
  cudaMallocManaged(&firsts, 64 * sizeof(float));
  fill<<<2, 32>>>(ids, firsts);
  cudaDeviceSynchronize();
  printf("host: where() = %d, block_first(2.5) = %g\n", where(), block_first(2.5f));
  printf("gpu: ids[0] = %d, ids[63] = %d, firsts[5] = %g, firsts[40] = %g\n", ids[0], ids[63], firsts[5], firsts[40]);
}
