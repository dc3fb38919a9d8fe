#include <cuda_runtime.h>
__global__ void iota(int n, float* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = float(i);
}
float mix_sum(int n) {
  float* x = nullptr;
  if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess) return -1; // no GPU here
  iota<<<(n + 127) / 128, 128>>>(n, x);
  float h[128] = {};
  cudaMemcpy(h, x, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(x);
  float s = 0;
  for (int i = 0; i < n; ++i) s += h[i];
  return s;
}
