// Loop shapes of everyday kernels that nobody tuned for circle (issue 40's patterns):
// an 8-step loop over the elements of a 16-byte packed struct loaded with one int4 (a
// bf16 x 8 "Packed128", as llm.c's kernels use it), a row sum whose threads step by
// blockDim.x with 32 threads per block, and a grid-stride copy of a 32-byte struct over
// an int stride computed before the loop, launched with few threads (cuda-samples'
// alignedTypes).
#include "bench.h"
#include <cuda_bf16.h>

struct alignas(16) Packed8 {
  __nv_bfloat16 v[8];
};

__global__ void scale_packed(const Packed8* in, Packed8* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int4 bits = *reinterpret_cast<const int4*>(in + i);
  Packed8 p, q;
  memcpy(&p, &bits, sizeof bits);
  for (int k = 0; k < 8; ++k) {
    float x = __bfloat162float(p.v[k]);
    q.v[k] = __float2bfloat16(x * x * 0.5f + x);
  }
  memcpy(&bits, &q, sizeof bits);
  *reinterpret_cast<int4*>(out + i) = bits;
}

__global__ void row_sum32(const float* in, float* out, int cols) {
  const float* r = in + size_t(blockIdx.x) * cols;
  float s = 0;
  for (int i = threadIdx.x; i < cols; i += blockDim.x) s += r[i];
  for (int k = 16; k; k >>= 1) s += __shfl_xor_sync(~0u, s, k);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

struct __align__(16) Pair {
  uint4 a, b;
};

__global__ void copy_pairs(const Pair* in, Pair* out, int n) {
  const int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[i];
}

int main() {
  const int n = 1 << 22; // Packed8 elements: 32 Mi bf16
  std::vector<Packed8> h(n);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 8; ++k) h[i].v[k] = __float2bfloat16(float((i * 8 + k) % 1000) / 500.0f - 1.0f);
  Packed8 *pin, *pout;
  BENCH_CHECK(cudaMalloc(&pin, n * sizeof(Packed8)));
  cudaMalloc(&pout, n * sizeof(Packed8));
  cudaMemcpy(pin, h.data(), n * sizeof(Packed8), cudaMemcpyHostToDevice);
  float ms = medianMs([&] { scale_packed<<<(n + 255) / 256, 256>>>(pin, pout, n); });
  std::vector<uint16_t> o(n * 8);
  cudaMemcpy(o.data(), pout, n * sizeof(Packed8), cudaMemcpyDeviceToHost);
  report("scale_packed8", o, ms);

  const int rows = 4096, cols = 4096;
  std::vector<float> m(size_t(rows) * cols);
  for (size_t i = 0; i < m.size(); ++i) m[i] = float(i % 97) / 97.0f;
  float *min, *sums;
  cudaMalloc(&min, m.size() * sizeof(float));
  cudaMalloc(&sums, rows * sizeof(float));
  cudaMemcpy(min, m.data(), m.size() * sizeof(float), cudaMemcpyHostToDevice);
  ms = medianMs([&] { row_sum32<<<rows, 32>>>(min, sums, cols); });
  std::vector<float> s(rows);
  cudaMemcpy(s.data(), sums, rows * sizeof(float), cudaMemcpyDeviceToHost);
  report("row_sum_32_threads", s, ms);

  const int pairs = 1 << 21; // 64 MiB
  std::vector<Pair> hp(pairs);
  for (int i = 0; i < pairs; ++i) hp[i] = Pair{{unsigned(i), 1u, 2u, 3u}, {4u, 5u, 6u, unsigned(~i)}};
  Pair *qin, *qout;
  cudaMalloc(&qin, pairs * sizeof(Pair));
  cudaMalloc(&qout, pairs * sizeof(Pair));
  cudaMemcpy(qin, hp.data(), pairs * sizeof(Pair), cudaMemcpyHostToDevice);
  ms = medianMs([&] { copy_pairs<<<64, 256>>>(qin, qout, pairs); });
  std::vector<Pair> op(pairs);
  cudaMemcpy(op.data(), qout, pairs * sizeof(Pair), cudaMemcpyDeviceToHost);
  report("copy_pairs_few_threads", op, ms);
}
