// Bit-manipulation generators: a Sobol-style Gray-code sequence and xorshift128+.
#include "bench.h"

__global__ void sobol(unsigned* out, const unsigned* directions, int per_thread) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned i = tid * per_thread;
  unsigned x = 0;
  for (int d = 0; d < 32; ++d)
    if ((i ^ (i >> 1)) & (1u << d)) x ^= directions[d];
  for (int k = 0; k < per_thread; ++k) {
    out[i + k] = x;
    x ^= directions[__ffs(~(i + k)) - 1];
  }
}

__global__ void xorshift(unsigned long long* out, int per_thread) {
  unsigned long long tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long s0 = tid * 0x9E3779B97F4A7C15ull + 1, s1 = (tid ^ 0xD1B54A32D192ED03ull) * 0xBF58476D1CE4E5B9ull;
  unsigned long long acc = 0;
  for (int k = 0; k < per_thread; ++k) {
    unsigned long long a = s0, b = s1;
    s0 = b;
    a ^= a << 23;
    s1 = a ^ b ^ (a >> 17) ^ (b >> 26);
    acc += __popcll(s1 + b) + __brevll(s1) % 7;
  }
  out[tid] = acc;
}

int main() {
  const int threads = 1 << 20, per = 32;
  std::vector<unsigned> dirs(32);
  for (int d = 0; d < 32; ++d) dirs[d] = (1u << (31 - d)) ^ (d * 0x9E3779B9u >> d);
  unsigned* D;
  unsigned* S;
  unsigned long long* X;
  BENCH_CHECK(cudaMalloc(&D, 32 * 4));
  cudaMalloc(&S, size_t(threads) * per * 4);
  cudaMalloc(&X, size_t(threads) * 8);
  cudaMemcpy(D, dirs.data(), 32 * 4, cudaMemcpyHostToDevice);
  float ms = medianMs([&] { sobol<<<threads / 256, 256>>>(S, D, per); });
  std::vector<unsigned> s(size_t(threads) * per);
  cudaMemcpy(s.data(), S, s.size() * 4, cudaMemcpyDeviceToHost);
  report("rng_sobol", s, ms);
  ms = medianMs([&] { xorshift<<<threads / 256, 256>>>(X, 256); });
  std::vector<unsigned long long> x(threads);
  cudaMemcpy(x.data(), X, x.size() * 8, cudaMemcpyDeviceToHost);
  report("rng_xorshift", x, ms);
}
