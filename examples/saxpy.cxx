// y = a * x + y on the GPU, checked against the same loop on the host.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 20;
  const float a = 2.5f;
  std::vector<float> x(n), y(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 1000) * 0.5f;
    y[i] = float(i % 77);
    expected[i] = a * x[i] + y[i];
  }

  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);

  const int block = 256;
  saxpy<<<(n + block - 1) / block, block>>>(n, a, dx, dy);
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);

  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(y[i] - expected[i]) > 1e-3f) ++bad;
  printf("saxpy of %d elements: %d mismatches\n", n, bad);
  printf("y[1] = %.2f, y[999] = %.2f\n", y[1], y[999]);
  return bad ? 1 : 0;
}
