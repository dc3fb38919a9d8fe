// Block-wide sum in __shared__ memory, one partial sum per block, finished on the host.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kBlock = 256;

__global__ void block_sum(const int* in, int* partial, int n) {
  __shared__ int cache[kBlock];
  int tid = threadIdx.x;
  int i = blockIdx.x * kBlock + tid;
  cache[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (tid < stride) cache[tid] += cache[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = cache[0];
}

int main() {
  const int n = 1000000;
  const int blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> data(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    data[i] = (i * 37) % 101;
    expected += data[i];
  }
  int *in, *partial;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&partial, blocks * sizeof(int));
  cudaMemcpy(in, data.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  block_sum<<<blocks, kBlock>>>(in, partial, n);
  std::vector<int> sums(blocks);
  cudaMemcpy(sums.data(), partial, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  long long total = 0;
  for (int s : sums) total += s;
  printf("sum of %d values over %d blocks: %lld (expected %lld) %s\n", n, blocks, total, expected,
         total == expected ? "OK" : "WRONG");
  cudaFree(in);
  cudaFree(partial);
  return total == expected ? 0 : 1;
}
