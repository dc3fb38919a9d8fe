// Helpers without tags that use what exists only on the GPU: the built-in variables,
// warp shuffles, __shared__ memory, barriers and atomics. An untagged function is
// __host__ __device__; one that needs the GPU is generated for the GPU only, and host
// code calling it is an error that names the chain of calls.
#include <cuda_runtime.h>
#include <cstdio>

int square(int x) { return x * x; } // host and GPU
unsigned lane_id() { return threadIdx.x % warpSize; } // GPU only, and so are its callers
unsigned warp_id() { return threadIdx.x / warpSize; }

int warp_sum(int v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(~0u, v, offset);
  return v;
}

int block_sum(int v) {
  __shared__ int partial[32];
  v = warp_sum(v);
  if (lane_id() == 0) partial[warp_id()] = v;
  __syncthreads();
  unsigned warps = (blockDim.x + warpSize - 1) / warpSize;
  v = threadIdx.x < warps ? partial[threadIdx.x] : 0;
  if (warp_id() == 0) v = warp_sum(v);
  return v;
}

void accumulate(int* total, int v) { atomicAdd(total, v); }

__global__ void sum_of_squares(const int* in, int n, int* total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = block_sum(i < n ? square(in[i]) : 0);
  if (threadIdx.x == 0) accumulate(total, v);
}

int main() {
  const int n = 100000;
  int *in, *total;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&total, sizeof(int));
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = i % 100;
    expected += square(in[i]);
  }
  *total = 0;
  sum_of_squares<<<(n + 255) / 256, 256>>>(in, n, total);
  cudaDeviceSynchronize();
  printf("sum of squares: %d (host: %lld): %s\n", *total, expected, *total == expected ? "same" : "WRONG");
  return *total != expected;
}
