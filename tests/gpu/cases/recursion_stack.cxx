// A recursive kernel helper 40 calls deep with a 32-int local array per call: about
// 5 KiB of stack, which ptxas cannot size (recursion). At CUDA's default 1 KiB limit it
// dies with an illegal memory access; circle bounds it (64 x the frame) and raises the
// limit before the launch.
#include <cstdio>

__device__ int descend(int depth, int seed) {
  int local[32];
  for (int i = 0; i < 32; ++i) local[i] = seed * 31 + i * depth;
  int below = depth > 0 ? descend(depth - 1, local[seed & 31] & 1023) : 0;
  int sum = below;
  for (int i = 0; i < 32; ++i) sum += local[(i * 7 + depth) & 31] & 15;
  return sum;
}

__global__ void kernel(int* out, int depth) { out[threadIdx.x] = descend(depth, threadIdx.x); }

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  kernel<<<1, 32>>>(out, 40);
  cudaError_t e = cudaDeviceSynchronize();
  int h[32] = {};
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  long long total = 0;
  for (int v : h) total += v;
  printf("%s: total %lld\n", cudaGetErrorString(e), total);
  return e != cudaSuccess;
}
