// Tensor-core GEMMs through WMMA, one warp per output tile: half and bf16 in float,
// tf32, int8 in int32 (16x16 tiles), double (8x8, sm_80+).
#include "bench.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

template <class In, class Acc, class FragIn, int M, int K>
__global__ void wmma_gemm(int n, const In* A, const In* B, Acc* C) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tilesPerRow = n / M;
  int tr = warp / tilesPerRow, tc = warp % tilesPerRow;
  if (tr >= tilesPerRow) return;
  wmma::fragment<wmma::matrix_a, M, M, K, FragIn, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, M, M, K, FragIn, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, M, M, K, Acc> c;
  wmma::fill_fragment(c, Acc(0));
  for (int k = 0; k < n; k += K) {
    wmma::load_matrix_sync(a, A + tr * M * n + k, n);
    wmma::load_matrix_sync(b, B + tc * M * n + k, n);
    wmma::mma_sync(c, a, b, c);
  }
  wmma::store_matrix_sync(C + tr * M * n + tc * M, c, n, wmma::mem_row_major);
}

template <class In, class Acc, class FragIn, int M, int K, class Make>
void run(const char* name, int n, Make make) {
  std::vector<In> h(size_t(n) * n);
  for (size_t i = 0; i < h.size(); ++i) h[i] = make(int(i % 7) - 3);
  In *A, *B;
  Acc* C;
  BENCH_CHECK(cudaMalloc(&A, h.size() * sizeof(In)));
  cudaMalloc(&B, h.size() * sizeof(In));
  cudaMalloc(&C, h.size() * sizeof(Acc));
  cudaMemcpy(A, h.data(), h.size() * sizeof(In), cudaMemcpyHostToDevice);
  cudaMemcpy(B, h.data(), h.size() * sizeof(In), cudaMemcpyHostToDevice);
  int warps = (n / M) * (n / M);
  float ms = medianMs([&] { wmma_gemm<In, Acc, FragIn, M, K><<<warps / 4, 128>>>(n, A, B, C); });
  std::vector<Acc> c(h.size());
  cudaMemcpy(c.data(), C, c.size() * sizeof(Acc), cudaMemcpyDeviceToHost);
  report(name, c, ms);
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
}

int main() {
  const int n = 2048;
  run<__half, float, __half, 16, 16>("wmma_half", n, [](int v) { return __float2half(float(v)); });
  run<__nv_bfloat16, float, __nv_bfloat16, 16, 16>("wmma_bf16", n, [](int v) { return __float2bfloat16(float(v)); });
  run<float, float, wmma::precision::tf32, 16, 8>("wmma_tf32", n, [](int v) { return float(v); });
  run<signed char, int, signed char, 16, 16>("wmma_int8", n, [](int v) { return (signed char)v; });
  run<double, double, double, 8, 4>("wmma_double", 1024, [](int v) { return double(v); });
}
