// Named barriers (bar.sync / bar.arrive with an id and a thread count) between a
// producer warp pair and a consumer warp pair, and the lane id from %laneid.
#include <cuda_runtime.h>
#include <cstdio>

__device__ __forceinline__ void barrier_sync(int id, int threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ void barrier_arrive(int id, int threads) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__global__ void pipeline(int* out) {
  __shared__ int buffer[64];
  int t = threadIdx.x;
  bool producer = t < 64;
  for (int round = 0; round < 4; ++round) {
    if (producer) {
      buffer[t] = round * 100 + t;
      barrier_arrive(1, 128); // data ready: producers go on without waiting
      barrier_sync(2, 128);   // wait until the consumers have read it
    } else {
      barrier_sync(1, 128);
      out[round * 64 + (t - 64)] = buffer[t - 64] * 2 + (int)lane_id();
      barrier_arrive(2, 128);
    }
  }
}

int main() {
  int* d;
  cudaMalloc(&d, 4 * 64 * sizeof(int));
  pipeline<<<1, 128>>>(d);
  int h[4 * 64];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  long long sum = 0;
  int wrong = 0;
  for (int r = 0; r < 4; ++r)
    for (int i = 0; i < 64; ++i) {
      int want = (r * 100 + i) * 2 + i % 32;
      wrong += h[r * 64 + i] != want;
      sum += h[r * 64 + i];
    }
  printf("%s: %d wrong, sum %lld, h[65] %d\n", cudaGetErrorString(cudaGetLastError()), wrong, sum, h[65]);
}
