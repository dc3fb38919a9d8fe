// Exclusive prefix sum of 10000 ints: a Blelloch scan per 512-element block in shared
// memory, a scan of the block sums, and a pass adding each block's offset.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kBlock = 256, kItems = 2 * kBlock;

__global__ void block_scan(const int* in, int* out, int* sums, int n) {
  __shared__ int s[kItems];
  int base = blockIdx.x * kItems, t = threadIdx.x;
  s[t] = base + t < n ? in[base + t] : 0;
  s[t + kBlock] = base + t + kBlock < n ? in[base + t + kBlock] : 0;
  int offset = 1;
  for (int d = kItems >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) s[offset * (2 * t + 2) - 1] += s[offset * (2 * t + 1) - 1];
    offset <<= 1;
  }
  if (t == 0) {
    if (sums) sums[blockIdx.x] = s[kItems - 1];
    s[kItems - 1] = 0;
  }
  for (int d = 1; d < kItems; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      int x = s[ai];
      s[ai] = s[bi];
      s[bi] += x;
    }
  }
  __syncthreads();
  if (base + t < n) out[base + t] = s[t];
  if (base + t + kBlock < n) out[base + t + kBlock] = s[t + kBlock];
}

__global__ void add_offsets(int* out, const int* offsets, int n) {
  int i = blockIdx.x * kItems + threadIdx.x;
  if (i < n) out[i] += offsets[blockIdx.x];
  if (i + kBlock < n) out[i + kBlock] += offsets[blockIdx.x];
}

int main() {
  const int n = 10000, blocks = (n + kItems - 1) / kItems;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37 + 11) % 100;
  int *din, *dout, *dsums, *doffsets;
  cudaMalloc(&din, n * 4);
  cudaMalloc(&dout, n * 4);
  cudaMalloc(&dsums, blocks * 4);
  cudaMalloc(&doffsets, blocks * 4);
  cudaMemcpy(din, in.data(), n * 4, cudaMemcpyHostToDevice);
  block_scan<<<blocks, kBlock>>>(din, dout, dsums, n);
  block_scan<<<1, kBlock>>>(dsums, doffsets, nullptr, blocks);
  add_offsets<<<blocks, kBlock>>>(dout, doffsets, n);
  cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost);
  int wrong = 0, running = 0;
  for (int i = 0; i < n; ++i) {
    wrong += out[i] != running;
    running += in[i];
  }
  printf("%s: %d wrong, out[1] %d out[5000] %d out[9999] %d\n", cudaGetErrorString(cudaGetLastError()), wrong, out[1],
         out[5000], out[9999]);
}
