// Parallel reduction, as CUDA's reduction sample teaches it: interleaved addressing,
// sequential addressing, first add during load, and a warp-shuffle final stage;
// each kernel sums 2^20 ints and the host adds the per-block partial sums.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kThreads = 256;

__global__ void interleaved(const int* in, int* out, int n) {
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (t % (2 * stride) == 0) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

__global__ void sequential(const int* in, int* out, int n) {
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

__global__ void add_on_load(const int* in, int* out, int n) {
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
  int v = i < n ? in[i] : 0;
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  s[t] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (t < stride) s[t] = v = v + s[t + stride];
    __syncthreads();
  }
  if (t < 32) {
    v += s[t + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  }
  if (t == 0) out[blockIdx.x] = v;
}

template <class Kernel>
long run(Kernel k, const int* in, int* partial, int n, int per_block, const char* name) {
  int blocks = (n + per_block - 1) / per_block;
  k<<<blocks, kThreads>>>(in, partial, n);
  std::vector<int> h(blocks);
  cudaMemcpy(h.data(), partial, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int v : h) sum += v;
  printf("%-12s %d blocks, sum %ld\n", name, blocks, sum);
  return sum;
}

int main() {
  const int n = 1 << 20;
  std::vector<int> h(n);
  long expected = 0;
  for (int i = 0; i < n; ++i) h[i] = (i * 2654435761u >> 22) % 19 - 9, expected += h[i];
  int *in, *partial;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&partial, (n / kThreads + 1) * sizeof(int));
  cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  printf("expected     %ld\n", expected);
  run(interleaved, in, partial, n, kThreads, "interleaved");
  run(sequential, in, partial, n, kThreads, "sequential");
  run(add_on_load, in, partial, n, 2 * kThreads, "add_on_load");
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
