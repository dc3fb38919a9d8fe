// Built-in variables in a 3D grid of 3D blocks: every thread reports its coordinates.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void where(int* out) {
  int block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int linear = block * blockDim.x * blockDim.y * blockDim.z + thread;
  out[linear] = (blockIdx.z * 100 + blockIdx.y * 10 + blockIdx.x) * 1000 + threadIdx.z * 100 + threadIdx.y * 10 +
                threadIdx.x + warpSize * 1000000;
}

int main() {
  dim3 grid(2, 3, 2), block(4, 2, 3);
  int n = 2 * 3 * 2 * 4 * 2 * 3;
  int* out;
  cudaMallocManaged(&out, n * sizeof(int));
  where<<<grid, block>>>(out);
  cudaDeviceSynchronize();
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i] * (long long)(i % 7 + 1);
  printf("%d threads, first %d last %d checksum %lld\n", n, out[0], out[n - 1], sum);
}
