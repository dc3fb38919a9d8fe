// The other half of main.cu: its own static counter, the extern __managed__ total.
#include "common.h"
static __device__ int counter = 500;
extern __managed__ int shared_total;
__global__ void bump_b() { counter += 5; atomicAdd(&shared_total, 10); }
int run_b() {
  bump_b<<<1, 2>>>();
  int* p;
  cudaMallocManaged(&p, 4 * sizeof(int));
  fill<int><<<1, 4>>>(p, 7);
  cudaDeviceSynchronize();
  int c = 0;
  cudaMemcpyFromSymbol(&c, counter, sizeof c);
  printf("b: counter %d, fill %d %d, managed seen from b %d\n", c, p[0], p[3], shared_total);
  return c;
}
