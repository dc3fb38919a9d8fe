#include <cstdio>
#include "vec.h"

__global__ void fill(int n, float* x, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = axpy(v, float(i), 0.0f);
}

int main() {
  const int n = 1000;
  float *x = nullptr, *y = nullptr;
  if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess || cudaMalloc(&y, n * sizeof(float)) != cudaSuccess) {
    std::printf("vecdemo: no CUDA device (host check %g)\n", axpy(2, 3, 4));
    return 0;
  }
  fill<<<(n + 127) / 128, 128>>>(n, x, 1.0f);
  fill<<<(n + 127) / 128, 128>>>(n, y, 0.5f);
  saxpy(n, 2.0f, x, y);
  float last = 0;
  cudaMemcpy(&last, y + n - 1, sizeof last, cudaMemcpyDeviceToHost);
  std::printf("vecdemo: y[999] = %g, |x|^2 = %g\n", last, norm2(n, x));
  return 0;
}
