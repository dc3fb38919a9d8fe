// Tensor cores through mma.h: a 32x32 by 32x32 half matrix product in float,
// one warp per 16x16 tile of C, accumulating over K in steps of 16; checked against a
// host product (small integers: exact in half and in float).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <mma.h>
#include <cstdio>
#include <vector>

using namespace nvcuda;
constexpr int kN = 32;

__global__ void matmul(const half* a, const half* b, float* c) {
  int tileRow = blockIdx.y * 16, tileCol = blockIdx.x * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < kN; k += 16) {
    wmma::load_matrix_sync(fa, a + tileRow * kN + k, kN);
    wmma::load_matrix_sync(fb, b + tileCol * kN + k, kN); // b stored column-major
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tileRow * kN + tileCol, acc, kN, wmma::mem_row_major);
}

int main() {
  std::vector<half> a(kN * kN), b(kN * kN);
  std::vector<float> fa(kN * kN), fb(kN * kN), c(kN * kN), ref(kN * kN, 0);
  for (int i = 0; i < kN * kN; ++i) {
    fa[i] = (i * 5 % 7) - 3;
    fb[i] = (i * 3 % 5) - 2;
    a[i] = __float2half(fa[i]);
    b[i] = __float2half(fb[i]);
  }
  // ref = A (row-major) * B, where B[k][j] = fb[j * kN + k] (column-major).
  for (int i = 0; i < kN; ++i)
    for (int j = 0; j < kN; ++j)
      for (int k = 0; k < kN; ++k) ref[i * kN + j] += fa[i * kN + k] * fb[j * kN + k];
  half *da, *db;
  float* dc;
  cudaMalloc(&da, a.size() * sizeof(half));
  cudaMalloc(&db, b.size() * sizeof(half));
  cudaMalloc(&dc, c.size() * sizeof(float));
  cudaMemcpy(da, a.data(), a.size() * sizeof(half), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * sizeof(half), cudaMemcpyHostToDevice);
  matmul<<<dim3(kN / 16, kN / 16), 32>>>(da, db, dc);
  cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < kN * kN; ++i) wrong += c[i] != ref[i];
  printf("%s: %d wrong of %d, c[0] %.0f c[33] %.0f c[1023] %.0f\n", cudaGetErrorString(cudaGetLastError()), wrong,
         kN * kN, c[0], c[33], c[1023]);
}
