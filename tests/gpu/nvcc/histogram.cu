// A 64-bin histogram of 1M bytes: per-block histograms in shared memory with shared
// atomics, merged with global atomics.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kBins = 64;

__global__ void histogram(const unsigned char* data, int n, unsigned* bins) {
  __shared__ unsigned local[kBins];
  for (int i = threadIdx.x; i < kBins; i += blockDim.x) local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i] % kBins], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < kBins; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}

int main() {
  const int n = 1 << 20;
  std::vector<unsigned char> data(n);
  unsigned x = 12345;
  for (int i = 0; i < n; ++i) {
    x = x * 1103515245u + 12345u;
    data[i] = (x >> 16) & 0xff;
  }
  std::vector<unsigned> ref(kBins, 0), bins(kBins);
  for (unsigned char d : data) ++ref[d % kBins];
  unsigned char* ddata;
  unsigned* dbins;
  cudaMalloc(&ddata, n);
  cudaMalloc(&dbins, kBins * 4);
  cudaMemcpy(ddata, data.data(), n, cudaMemcpyHostToDevice);
  cudaMemset(dbins, 0, kBins * 4);
  histogram<<<120, 256>>>(ddata, n, dbins);
  cudaMemcpy(bins.data(), dbins, kBins * 4, cudaMemcpyDeviceToHost);
  int wrong = 0;
  unsigned total = 0;
  for (int i = 0; i < kBins; ++i) {
    wrong += bins[i] != ref[i];
    total += bins[i];
  }
  printf("%s: %d wrong bins, total %u, bin0 %u bin63 %u\n", cudaGetErrorString(cudaGetLastError()), wrong, total,
         bins[0], bins[63]);
}
