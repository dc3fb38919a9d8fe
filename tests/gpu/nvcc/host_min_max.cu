// Unqualified min and max in host code, in __host__ __device__ helpers and in kernels:
// nvcc's headers give every side overloads for the arithmetic types.
#include <cuda_runtime.h>
#include <cstdio>

__host__ __device__ int clamp_sum(int n) { return min(n, 64) + max(n, 3u); }
void get(int n, int& b) { b = min(n, 64); }

__global__ void k(int* p, double* d) {
  p[0] = min(p[1], p[2]);
  p[3] = max(p[4], 5);
  p[5] = clamp_sum(p[6]);
  p[7] = (int)max(1.5f, 2.5f) + (int)min(7.0, 3.0);
  d[0] = max(0.25, 0.5f);
  p[8] = (int)min(-1ll, 4ull);
}

int main() {
  int* dp;
  double* dd;
  cudaMalloc(&dp, 16 * sizeof(int));
  cudaMalloc(&dd, sizeof(double));
  int h[16] = {0, 9, 4, 0, 2, 0, 100};
  cudaMemcpy(dp, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 1>>>(dp, dd);
  double hd = 0;
  cudaMemcpy(h, dp, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
  printf("device: %d %d %d %d %g %d\n", h[0], h[3], h[5], h[7], hd, h[8]);
  int b;
  get(100, b);
  printf("host: %f %d %d %d %g %llu\n", max(0.5f, 1.0f), min(7, 3), b, clamp_sum(100), min(2.5, 1.5f),
         (unsigned long long)min(-1ll, 4ull));
  return 0;
}
