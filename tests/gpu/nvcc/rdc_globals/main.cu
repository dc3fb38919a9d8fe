// Separate compilation of device globals: a static __device__ variable of the same
// name in each file (two variables), a __managed__ variable defined here and used
// from other.cu's kernel and host code, and a template kernel launched from both.
#include "common.h"
static __device__ int counter = 10;     // each file has its own
__managed__ int shared_total = 0;       // defined here, used in b.cu too
__global__ void bump() { counter += 1; atomicAdd(&shared_total, 1); }
int main() {
  bump<<<1, 1>>>();
  int* p;
  cudaMallocManaged(&p, 4 * sizeof(int));
  fill<int><<<1, 4>>>(p, 100);             // the same template kernel as b.cu's
  cudaDeviceSynchronize();
  int c = 0;
  cudaMemcpyFromSymbol(&c, counter, sizeof c);
  printf("a: counter %d, fill %d %d, managed %d\n", c, p[0], p[3], shared_total);
  int rb = run_b();
  printf("b returned %d, managed %d, %s\n", rb, shared_total, cudaGetErrorString(cudaGetLastError()));
}
