// __managed__ variables: initialised from the module image, written by kernels,
// read and written by the host directly, scalars and arrays.
#include <cuda_runtime.h>
#include <cstdio>

__managed__ int total;
__managed__ int seeded = 42;
__managed__ float squares[4];

__global__ void add(int v) { atomicAdd(&total, v); }
__global__ void square() { squares[threadIdx.x] = float(threadIdx.x * threadIdx.x) + seeded; }

int main() {
  printf("seeded = %d\n", seeded);
  total = 5;
  add<<<2, 32>>>(3);
  cudaDeviceSynchronize();
  printf("total = %d\n", total);
  total = 0;
  add<<<1, 10>>>(1);
  cudaDeviceSynchronize();
  printf("total = %d\n", total);
  seeded = 100;
  square<<<1, 4>>>();
  cudaDeviceSynchronize();
  for (float s : squares) printf("%g ", s);
  printf("\n");
}
