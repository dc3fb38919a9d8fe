// Warp-aggregated atomics (as in CUDA's sample): threads that pass a filter reserve
// output slots with one atomicAdd per warp (ballot, popc, leader, shuffle) instead of
// one per thread; the filtered output is checked as a set against the host.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>

__device__ int reserve_one(int* counter) {
  unsigned active = __activemask();
  int leader = __ffs(active) - 1, lane = threadIdx.x % 32;
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(active));
  base = __shfl_sync(active, base, leader);
  return base + __popc(active & ((1u << lane) - 1));
}

__global__ void filter(const int* in, int n, int* out, int* counter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 7 == 3) out[reserve_one(counter)] = in[i];
}

int main() {
  const int n = 1 << 20;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (int)((i * 2246822519u) >> 9);
  int *in, *out, *counter;
  cudaMalloc(&in, n * 4), cudaMalloc(&out, n * 4);
  cudaMallocManaged(&counter, 4);
  *counter = 0;
  cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice);
  filter<<<n / 256, 256>>>(in, n, out, counter);
  cudaDeviceSynchronize();
  std::vector<int> r(*counter), expect;
  cudaMemcpy(r.data(), out, r.size() * 4, cudaMemcpyDeviceToHost);
  for (int v : h)
    if (v % 7 == 3) expect.push_back(v);
  std::sort(r.begin(), r.end());
  std::sort(expect.begin(), expect.end());
  printf("%s: %d passed the filter, same set as the host: %s\n", cudaGetErrorString(cudaGetLastError()), *counter,
         r == expect ? "yes" : "no");
}
