// 1024 threads, each building, sorting and checking its own std::vector.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>

__global__ void kernel(int* bad, int* sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  std::vector<int> v;
  for (int i = 0; i < 64; ++i) v.push_back((i * 37 + t * 11) % 101);
  std::sort(v.begin(), v.end());
  if (!std::is_sorted(v.begin(), v.end())) atomicAdd(bad, 1);
  int sum = 0;
  for (int x : v) sum += x;
  sums[t] = sum;
}

int main() {
  int *bad, *sums;
  cudaMallocManaged(&bad, sizeof(int));
  cudaMallocManaged(&sums, 1024 * sizeof(int));
  *bad = 0;
  kernel<<<4, 256>>>(bad, sums);
  cudaError_t err = cudaDeviceSynchronize();
  long long total = 0;
  for (int t = 0; t < 1024; ++t) total += sums[t];
  long long expected = 0; // the same sums, on the host
  for (int t = 0; t < 1024; ++t)
    for (int i = 0; i < 64; ++i) expected += (i * 37 + t * 11) % 101;
  printf("%s, %d unsorted, sums %s\n", cudaGetErrorString(err), *bad, total == expected ? "match" : "differ");
}
