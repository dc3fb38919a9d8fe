// matrixMul with shared-memory tiles: C = A * B for 96x80 by 80x112 integer-valued
// matrices (exact in float), checked against a host product.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kTile = 16;

__global__ void matmul(const float* a, const float* b, float* c, int m, int k, int n) {
  __shared__ float as[kTile][kTile];
  __shared__ float bs[kTile][kTile];
  int row = blockIdx.y * kTile + threadIdx.y, col = blockIdx.x * kTile + threadIdx.x;
  float sum = 0;
  for (int t = 0; t < (k + kTile - 1) / kTile; ++t) {
    int ac = t * kTile + threadIdx.x, br = t * kTile + threadIdx.y;
    as[threadIdx.y][threadIdx.x] = row < m && ac < k ? a[row * k + ac] : 0;
    bs[threadIdx.y][threadIdx.x] = br < k && col < n ? b[br * n + col] : 0;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < kTile; ++i) sum += as[threadIdx.y][i] * bs[i][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = sum;
}

int main() {
  const int m = 96, k = 80, n = 112;
  std::vector<float> a(m * k), b(k * n), c(m * n), ref(m * n, 0);
  for (int i = 0; i < m * k; ++i) a[i] = (i * 7 % 11) - 5;
  for (int i = 0; i < k * n; ++i) b[i] = (i * 3 % 13) - 6;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int p = 0; p < k; ++p) ref[i * n + j] += a[i * k + p] * b[p * n + j];
  float *da, *db, *dc;
  cudaMalloc(&da, a.size() * 4);
  cudaMalloc(&db, b.size() * 4);
  cudaMalloc(&dc, c.size() * 4);
  cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
  matmul<<<dim3((n + kTile - 1) / kTile, (m + kTile - 1) / kTile), dim3(kTile, kTile)>>>(da, db, dc, m, k, n);
  cudaMemcpy(c.data(), dc, c.size() * 4, cudaMemcpyDeviceToHost);
  int wrong = 0;
  double trace = 0;
  for (int i = 0; i < m * n; ++i) wrong += c[i] != ref[i];
  for (int i = 0; i < m && i < n; ++i) trace += c[i * n + i];
  printf("%s: %d wrong, trace %.0f, c[5][7] %.0f\n", cudaGetErrorString(cudaGetLastError()), wrong, trace, c[5 * n + 7]);
}
