// Bitonic sort of 4096 keys: one kernel launch per (k, j) step, comparing partners
// i ^ j in global memory.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void bitonic_step(int* keys, int j, int k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, partner = i ^ j;
  if (partner <= i) return;
  bool ascending = (i & k) == 0;
  int a = keys[i], b = keys[partner];
  if ((a > b) == ascending) {
    keys[i] = b;
    keys[partner] = a;
  }
}

int main() {
  const int n = 4096;
  std::vector<int> keys(n);
  unsigned x = 7;
  for (int i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    keys[i] = x % 100000;
  }
  long long sum = 0;
  for (int v : keys) sum += v;
  int* d;
  cudaMalloc(&d, n * 4);
  cudaMemcpy(d, keys.data(), n * 4, cudaMemcpyHostToDevice);
  int steps = 0;
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1, ++steps) bitonic_step<<<n / 256, 256>>>(d, j, k);
  cudaMemcpy(keys.data(), d, n * 4, cudaMemcpyDeviceToHost);
  int unsorted = 0;
  long long after = 0;
  for (int i = 0; i < n; ++i) {
    after += keys[i];
    if (i && keys[i - 1] > keys[i]) ++unsorted;
  }
  printf("%s: %d steps, %d out of order, sum kept %d, min %d max %d\n", cudaGetErrorString(cudaGetLastError()), steps,
         unsorted, sum == after, keys[0], keys[n - 1]);
}
