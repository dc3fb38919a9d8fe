// Memory-bound kernels: a vectorised copy and a warp-shuffle sum reduction.
#include "bench.h"

__global__ void copy4(const float4* in, float4* out, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) out[i] = in[i];
}

__global__ void reduce(const float* in, float* out, int n) {
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) s += in[i];
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  __shared__ float warps[32];
  if (threadIdx.x % 32 == 0) warps[threadIdx.x / 32] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < blockDim.x / 32 ? warps[threadIdx.x] : 0;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (threadIdx.x == 0) out[blockIdx.x] = s;
  }
}

int main() {
  const int n = 1 << 26;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = float(i % 4096) / 4096.0f;
  float *In, *Out, *Part;
  BENCH_CHECK(cudaMalloc(&In, size_t(n) * 4));
  cudaMalloc(&Out, size_t(n) * 4);
  cudaMalloc(&Part, 1024 * 4);
  cudaMemcpy(In, h.data(), size_t(n) * 4, cudaMemcpyHostToDevice);
  float ms = medianMs([&] { copy4<<<132 * 8, 256>>>((const float4*)In, (float4*)Out, n / 4); });
  std::vector<float> o(n);
  cudaMemcpy(o.data(), Out, size_t(n) * 4, cudaMemcpyDeviceToHost);
  report("copy_float4", o, ms);
  ms = medianMs([&] { reduce<<<1024, 256>>>(In, Part, n); });
  std::vector<float> p(1024);
  cudaMemcpy(p.data(), Part, 1024 * 4, cudaMemcpyDeviceToHost);
  report("reduce_shfl", p, ms);
}
