// vectorAdd in the style of the CUDA samples: device buffers, a grid-stride kernel,
// copies both ways, a host-side check.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void vector_add(const float* a, const float* b, float* c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) c[i] = a[i] + b[i];
}

int main() {
  const int n = 50000;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = i * 0.5f;
    b[i] = (n - i) * 0.25f;
  }
  float *da, *db, *dc;
  cudaMalloc(&da, n * sizeof(float));
  cudaMalloc(&db, n * sizeof(float));
  cudaMalloc(&dc, n * sizeof(float));
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  vector_add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  cudaMemcpy(c.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += c[i] != a[i] + b[i];
  printf("%s: %d wrong, c[0] %.2f c[%d] %.2f\n", cudaGetErrorString(cudaGetLastError()), wrong, c[0], n - 1, c[n - 1]);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
}
