// CUB's block- and warp-wide primitives in a kernel of the user's own, over 32 Mi ints
// (256 threads, 4 items each): cub::BlockReduce (a sum per block), cub::BlockScan (an
// exclusive prefix sum within each block's tile) and cub::WarpReduce (a maximum per
// warp). The kernels are the program's, so circle picks CUB's code for each sm of the
// build as nvcc does.
#include "bench.h"
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cuda/functional>

constexpr int kThreads = 256, kItems = 4, kTile = kThreads * kItems;
constexpr int kN = 32 << 20;

__global__ void blockSums(const int* in, long long* out) {
  using Reduce = cub::BlockReduce<long long, kThreads>;
  __shared__ typename Reduce::TempStorage temp;
  int items[kItems];
  cub::LoadDirectStriped<kThreads>(threadIdx.x, in + blockIdx.x * kTile, items);
  long long mine = 0;
  for (int i = 0; i < kItems; ++i) mine += items[i];
  long long sum = Reduce(temp).Sum(mine);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

__global__ void tileScans(const int* in, int* out) {
  using Scan = cub::BlockScan<int, kThreads>;
  __shared__ typename Scan::TempStorage temp;
  int items[kItems];
  cub::LoadDirectBlocked(threadIdx.x, in + blockIdx.x * kTile, items);
  Scan(temp).ExclusiveSum(items, items);
  cub::StoreDirectBlocked(threadIdx.x, out + blockIdx.x * kTile, items);
}

__global__ void warpMaxima(const int* in, int* out) {
  using Reduce = cub::WarpReduce<int>;
  __shared__ typename Reduce::TempStorage temp[kThreads / 32];
  int items[kItems];
  cub::LoadDirectStriped<kThreads>(threadIdx.x, in + blockIdx.x * kTile, items);
  int mine = items[0];
  for (int i = 1; i < kItems; ++i) mine = max(mine, items[i]);
  int warp = threadIdx.x / 32;
  int best = Reduce(temp[warp]).Reduce(mine, ::cuda::maximum<>{});
  if (threadIdx.x % 32 == 0) out[blockIdx.x * (kThreads / 32) + warp] = best;
}

template <class T>
std::vector<T> host(const T* d, size_t n) {
  std::vector<T> h(n);
  BENCH_CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

int main() {
  std::vector<int> h(kN);
  unsigned s = 13;
  for (int& v : h) v = int((s = s * 1664525u + 1013904223u) >> 12) - (1 << 19);
  int *in, *out;
  long long* sums;
  constexpr int blocks = kN / kTile;
  BENCH_CHECK(cudaMalloc(&in, kN * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&out, kN * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&sums, blocks * sizeof(long long)));
  BENCH_CHECK(cudaMemcpy(in, h.data(), kN * sizeof(int), cudaMemcpyHostToDevice));

  float ms = medianMs([&] { blockSums<<<blocks, kThreads>>>(in, sums); });
  std::vector<long long> expected(blocks);
  for (int b = 0; b < blocks; ++b)
    for (int i = 0; i < kTile; ++i) expected[b] += h[size_t(b) * kTile + i];
  reportReference("cub_block_reduce", expected);
  report("cub_block_reduce", host(sums, blocks), ms);

  ms = medianMs([&] { tileScans<<<blocks, kThreads>>>(in, out); });
  std::vector<int> scanned(kN);
  for (int b = 0; b < blocks; ++b) {
    int running = 0;
    for (int i = 0; i < kTile; ++i) {
      scanned[size_t(b) * kTile + i] = running;
      running += h[size_t(b) * kTile + i];
    }
  }
  reportReference("cub_block_scan", scanned);
  report("cub_block_scan", host(out, kN), ms);

  ms = medianMs([&] { warpMaxima<<<blocks, kThreads>>>(in, out); });
  std::vector<int> maxima(blocks * (kThreads / 32));
  for (int b = 0; b < blocks; ++b)
    for (int w = 0; w < kThreads / 32; ++w) {
      int best = h[size_t(b) * kTile + w * 32];
      for (int k = 0; k < kItems; ++k)
        for (int l = 0; l < 32; ++l) best = std::max(best, h[size_t(b) * kTile + k * kThreads + w * 32 + l]);
      maxima[b * (kThreads / 32) + w] = best;
    }
  reportReference("cub_warp_reduce", maxima);
  report("cub_warp_reduce", host(out, maxima.size()), ms);
}
