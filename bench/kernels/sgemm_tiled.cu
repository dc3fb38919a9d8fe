// Register-tiled SGEMM: 128x128 block tiles, k-step 8, 8x8 outputs per thread.
#include "bench.h"

constexpr int BM = 128, BN = 128, BK = 8, TM = 8, TN = 8;

__global__ void __launch_bounds__(256) sgemm(int n, const float* A, const float* B, float* C) {
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK][BN];
  int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < n; k0 += BK) {
    for (int i = threadIdx.x; i < BM * BK; i += 256) {
      int r = i / BK, c = i % BK;
      As[c][r] = A[(row0 + r) * n + k0 + c];
      int br = i / BN, bc = i % BN;
      Bs[br][bc] = B[(k0 + br) * n + col0 + bc];
    }
    __syncthreads();
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
      for (int i = 0; i < TM; ++i) a[i] = As[k][ty * TM + i];
      for (int j = 0; j < TN; ++j) b[j] = Bs[k][tx * TN + j];
      for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j) C[(row0 + ty * TM + i) * n + col0 + tx * TN + j] = acc[i][j];
}

int main() {
  const int n = 2048;
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = float((i * 7) % 13) / 13.0f;
    b[i] = float((i * 11) % 17) / 17.0f;
  }
  float *A, *B, *C;
  BENCH_CHECK(cudaMalloc(&A, n * n * 4));
  cudaMalloc(&B, n * n * 4);
  cudaMalloc(&C, n * n * 4);
  cudaMemcpy(A, a.data(), n * n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(B, b.data(), n * n * 4, cudaMemcpyHostToDevice);
  float ms = medianMs([&] { sgemm<<<dim3(n / BN, n / BM), 256>>>(n, A, B, C); });
  cudaMemcpy(c.data(), C, n * n * 4, cudaMemcpyDeviceToHost);
  report("sgemm_tiled", c, ms);
}
