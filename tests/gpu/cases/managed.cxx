// A __managed__ variable: written by kernels, read and written by the host directly.
#include <cuda_runtime.h>
#include <cstdio>

__managed__ int total;

__global__ void add(int v) { atomicAdd(&total, v); }

int main() {
  total = 5;
  add<<<2, 32>>>(3);
  cudaDeviceSynchronize();
  printf("total = %d\n", total);
  total = 0;
  add<<<1, 10>>>(1);
  cudaDeviceSynchronize();
  printf("total = %d\n", total);
}
