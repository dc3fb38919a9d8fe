// Stream compaction: keep the elements that satisfy a predicate, in order. Flags, a
// per-block exclusive scan with warp shuffles, block offsets scanned on the host, and
// a scatter kernel.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kThreads = 256;

__device__ bool keep(int v) { return v % 3 == 0 || v < 0; }

__global__ void block_scan(const int* in, int* pos, int* block_counts, int n) {
  __shared__ int warp_sums[kThreads / 32];
  int i = blockIdx.x * kThreads + threadIdx.x, lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int flag = i < n && keep(in[i]);
  int x = flag;
  for (int d = 1; d < 32; d *= 2) {
    int y = __shfl_up_sync(0xffffffff, x, d);
    if (lane >= d) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  if (warp == 0) {
    int w = lane < kThreads / 32 ? warp_sums[lane] : 0;
    for (int d = 1; d < 32; d *= 2) {
      int y = __shfl_up_sync(0xffffffff, w, d);
      if (lane >= d) w += y;
    }
    if (lane < kThreads / 32) warp_sums[lane] = w;
  }
  __syncthreads();
  int inclusive = x + (warp ? warp_sums[warp - 1] : 0);
  if (i < n) pos[i] = flag ? inclusive - 1 : -1;
  if (threadIdx.x == kThreads - 1) block_counts[blockIdx.x] = inclusive;
}

__global__ void scatter(const int* in, const int* pos, const int* block_offsets, int* out, int n) {
  int i = blockIdx.x * kThreads + threadIdx.x;
  if (i < n && pos[i] >= 0) out[block_offsets[blockIdx.x] + pos[i]] = in[i];
}

int main() {
  const int n = 100000, blocks = (n + kThreads - 1) / kThreads;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (int)((i * 1103515245u + 12345u) >> 8) % 1000 - 100;
  int *in, *pos, *counts, *offsets, *out;
  cudaMalloc(&in, n * 4), cudaMalloc(&pos, n * 4), cudaMalloc(&out, n * 4);
  cudaMalloc(&counts, blocks * 4), cudaMalloc(&offsets, blocks * 4);
  cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice);
  block_scan<<<blocks, kThreads>>>(in, pos, counts, n);
  std::vector<int> c(blocks), o(blocks);
  cudaMemcpy(c.data(), counts, blocks * 4, cudaMemcpyDeviceToHost);
  int total = 0;
  for (int b = 0; b < blocks; ++b) o[b] = total, total += c[b];
  cudaMemcpy(offsets, o.data(), blocks * 4, cudaMemcpyHostToDevice);
  scatter<<<blocks, kThreads>>>(in, pos, offsets, out, n);
  std::vector<int> r(total);
  cudaMemcpy(r.data(), out, total * 4, cudaMemcpyDeviceToHost);
  std::vector<int> expect;
  for (int v : h)
    if (v % 3 == 0 || v < 0) expect.push_back(v);
  printf("%s: kept %d of %d, matches the host: %s\n", cudaGetErrorString(cudaGetLastError()), total, n,
         r == expect ? "yes" : "no");
  printf("first: %d %d %d %d, last: %d\n", r[0], r[1], r[2], r[3], r[total - 1]);
}
