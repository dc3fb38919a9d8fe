// A shared library with kernels: its fat binary registers when the library is loaded
// and unregisters when it is unloaded (dlclose), once per library.
#include <cstdio>

__global__ void scale(int* p, int f) { p[threadIdx.x] *= f; }

// A device variable, to check the library's own registration of variables too.
__device__ int calls;
__global__ void count() { atomicAdd(&calls, 1); }

extern "C" int lib_scale_sum(int f) {
  int* d = nullptr;
  int h[4] = {1, 2, 3, 4};
  if (cudaMalloc(&d, sizeof h) != cudaSuccess) return -1;
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<1, 4>>>(d, f);
  count<<<1, 2>>>();
  cudaError_t e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  return e == cudaSuccess ? h[0] + h[1] + h[2] + h[3] : -int(e);
}

extern "C" int lib_calls() {
  int n = -1;
  cudaMemcpyFromSymbol(&n, calls, sizeof n);
  return n;
}
