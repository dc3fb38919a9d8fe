// Loops circle's device pipeline unrolls (targets/nvptx/thread_bound_loops.h,
// runtime_unroll.h), run for every trip count from 0 up, so that each remainder path
// runs: strided per-lane loops stepping up and down, a loop starting below zero, and
// block-stride tile loops with and without launch bounds. Integer sums: exact.
#include <cstdio>
#include <vector>

__global__ void per_lane(const int* in, long long* out, int max_n) {
  int n = blockIdx.x % max_n, lane = threadIdx.x;
  long long up = 0, down = 0, odd = 0;
  int hi = -1000;
  for (int i = lane; i < n; i += 32) up += in[i] * (i + 1);
  for (int i = n - 1 - lane; i >= 0; i -= 32) down += in[i] ^ i;
  for (int i = lane - 5; i < n; i += 3) odd += i < 0 ? i : in[i];
  for (int i = lane; i < n; i += 7) hi = max(hi, in[i] - i);
  out[(blockIdx.x * 32 + lane) * 4 + 0] = up;
  out[(blockIdx.x * 32 + lane) * 4 + 1] = down;
  out[(blockIdx.x * 32 + lane) * 4 + 2] = odd;
  out[(blockIdx.x * 32 + lane) * 4 + 3] = hi;
}

__global__ void __launch_bounds__(256) tile_bounded(const int* in, int* out) {
  __shared__ int tile[1024];
  for (int i = threadIdx.x; i < 1024; i += 256) tile[i] = in[blockIdx.x * 1024 + i] * 3;
  __syncthreads();
  for (int i = threadIdx.x; i < 1000; i += 256) out[blockIdx.x * 1024 + i] = tile[1023 - i] + tile[i];
}

__global__ void tile_unbounded(const int* in, int* out) {
  __shared__ int tile[1024];
  for (int i = threadIdx.x; i < 1024; i += 256) tile[i] = in[blockIdx.x * 1024 + i] * 5;
  __syncthreads();
  for (int i = threadIdx.x; i < 1000; i += 256) out[blockIdx.x * 1024 + i] = tile[1023 - i] - tile[i];
}

int main() {
  const int max_n = 70, blocks = 140, cells = 4 * 1024;
  std::vector<int> h(cells);
  for (int i = 0; i < cells; ++i) h[i] = (i * 7919) % 1009 - 500;
  int *in, *out;
  long long* lanes;
  cudaMalloc(&in, cells * sizeof(int));
  cudaMalloc(&out, cells * sizeof(int));
  cudaMalloc(&lanes, blocks * 32 * 4 * sizeof(long long));
  cudaMemcpy(in, h.data(), cells * sizeof(int), cudaMemcpyHostToDevice);
  per_lane<<<blocks, 32>>>(in, lanes, max_n);
  std::vector<long long> l(blocks * 32 * 4);
  cudaMemcpy(l.data(), lanes, l.size() * sizeof(long long), cudaMemcpyDeviceToHost);
  for (int b = 0; b < max_n; ++b) {
    long long s[4] = {0, 0, 0, 0};
    for (int lane = 0; lane < 32; ++lane)
      for (int k = 0; k < 4; ++k) s[k] += l[(b * 32 + lane) * 4 + k] * (lane + 1);
    std::printf("n=%d up %lld down %lld odd %lld max %lld\n", b, s[0], s[1], s[2], s[3]);
  }
  // More threads than the loops' step: threads 256 and up run fewer trips (and write
  // the same values as thread i % 256), so the copies' guards are taken.
  std::vector<int> o(cells);
  auto report = [&](const char* name, int threads) {
    cudaMemcpy(o.data(), out, cells * sizeof(int), cudaMemcpyDeviceToHost);
    long long sum = 0;
    for (int i = 0; i < cells; ++i) sum += (long long)o[i] * (i % 13 + 1);
    std::printf("%s, %d threads: %lld\n", name, threads, sum);
  };
  cudaMemset(out, 0, cells * sizeof(int));
  tile_bounded<<<4, 256>>>(in, out);
  report("tile_bounded", 256);
  for (int threads : {256, 512, 1024}) {
    cudaMemset(out, 0, cells * sizeof(int));
    tile_unbounded<<<4, threads>>>(in, out);
    report("tile_unbounded", threads);
  }
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
