// Quantized dot products in the style of ggml's importance-matrix and K-quant kernels:
// 8-bit lanes unpacked with CUDA's SIMD-within-a-word functions (__vcmpne4, __vsub4,
// __vsubss4) and multiplied with __dp4a.
#include "bench.h"

__device__ const unsigned grid[256] = {
#define G(i) 0x01010101u * ((i) % 7 + 1) ^ (i) * 0x00010203u,
#define G8(i) G(i) G(i + 1) G(i + 2) G(i + 3) G(i + 4) G(i + 5) G(i + 6) G(i + 7)
#define G64(i) G8(i) G8(i + 8) G8(i + 16) G8(i + 24) G8(i + 32) G8(i + 40) G8(i + 48) G8(i + 56)
    G64(0) G64(64) G64(128) G64(192)};

__global__ void signed_grid(const unsigned* __restrict__ q, const int* __restrict__ y, float* out, int blocks) {
  int row = blockIdx.x, lane = threadIdx.x;
  int sum = 0;
  for (int k = lane; k < blocks; k += 32) {
    unsigned packed = q[row * blocks + k];
    unsigned signs = (packed >> 8) * 0x01010101u;
    for (int j = 0; j < 4; ++j) {
      unsigned g = grid[(packed >> (j * 2)) & 0xff];
      int s = __vcmpne4(signs & (0x08040201u << j), 0);
      int v = __vsub4(g ^ s, s);
      sum = __dp4a(v, y[(k * 4 + j) & 1023], sum);
    }
  }
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(~0u, sum, o);
  if (lane == 0) out[row] = sum * 0.25f;
}

__global__ void offset_lanes(const unsigned* __restrict__ q, const int* __restrict__ y, float* out, int blocks) {
  int row = blockIdx.x, lane = threadIdx.x;
  int sum = 0;
  for (int k = lane; k < blocks; k += 32) {
    unsigned packed = q[row * blocks + k];
    for (int j = 0; j < 4; ++j) {
      int v = __vsubss4((packed >> j) & 0x3f3f3f3f, 0x20202020);
      sum = __dp4a(v, y[(k * 4 + j) & 1023], sum);
    }
  }
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(~0u, sum, o);
  if (lane == 0) out[row] = sum * 0.5f;
}

int main() {
  const int rows = 8192, blocks = 1024;
  std::vector<unsigned> q(size_t(rows) * blocks);
  unsigned s = 88172645u;
  for (auto& x : q) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; x = s; }
  std::vector<int> y(1024);
  for (int i = 0; i < 1024; ++i) y[i] = int(0x01020304u * (i + 1) ^ (i * 0x10203u));
  unsigned* Q; int* Y; float* O;
  BENCH_CHECK(cudaMalloc(&Q, q.size() * 4));
  BENCH_CHECK(cudaMalloc(&Y, y.size() * 4));
  BENCH_CHECK(cudaMalloc(&O, rows * 4));
  cudaMemcpy(Q, q.data(), q.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(Y, y.data(), y.size() * 4, cudaMemcpyHostToDevice);
  std::vector<float> out(rows);
  float ms = medianMs([&] { signed_grid<<<rows, 32>>>(Q, Y, O, blocks); });
  cudaMemcpy(out.data(), O, rows * 4, cudaMemcpyDeviceToHost);
  report("signed_grid", out, ms);
  ms = medianMs([&] { offset_lanes<<<rows, 32>>>(Q, Y, O, blocks); });
  cudaMemcpy(out.data(), O, rows * 4, cudaMemcpyDeviceToHost);
  report("offset_lanes", out, ms);
}
