// Monte Carlo estimate of pi: each thread draws points from its own xorshift64*
// stream (deterministic, no curand), counts hits inside the quarter circle, and a
// block reduction with atomicAdd collects the counts.
#include <cuda_runtime.h>
#include <cstdio>

__device__ unsigned long long next(unsigned long long& s) {
  s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
  return s * 2685821657736338717ull;
}

__global__ void count_hits(unsigned long long* hits, int per_thread) {
  unsigned long long s = 0x9E3779B97F4A7C15ull * (blockIdx.x * blockDim.x + threadIdx.x + 1);
  unsigned local = 0;
  for (int i = 0; i < per_thread; ++i) {
    unsigned long long r = next(s);
    unsigned x = r >> 40, y = (r >> 16) & 0xFFFFFF; // two 24-bit coordinates
    local += (unsigned long long)x * x + (unsigned long long)y * y < (1ull << 48);
  }
  __shared__ unsigned block_total;
  if (threadIdx.x == 0) block_total = 0;
  __syncthreads();
  atomicAdd(&block_total, local);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(hits, (unsigned long long)block_total);
}

int main() {
  unsigned long long* hits;
  cudaMallocManaged(&hits, sizeof *hits);
  *hits = 0;
  const int blocks = 120, threads = 256, per_thread = 4096;
  count_hits<<<blocks, threads>>>(hits, per_thread);
  cudaDeviceSynchronize();
  unsigned long long total = (unsigned long long)blocks * threads * per_thread;
  printf("%llu of %llu points inside: pi ~ %.6f\n", *hits, total, 4.0 * *hits / total);
}
