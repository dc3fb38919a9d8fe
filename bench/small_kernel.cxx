// Benchmark input: a small CUDA file (two kernels and their launches).
#include <cuda_runtime.h>
#include <cstdio>

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void block_sum(const int* in, int* out, int n) {
  __shared__ int cache[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  cache[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int s = 128; s > 0; s /= 2) {
    if (threadIdx.x < s) cache[threadIdx.x] += cache[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, cache[0]);
}

int main() {
  float *x, *y;
  int *in, *out;
  cudaMalloc(&x, 4096);
  cudaMalloc(&y, 4096);
  cudaMalloc(&in, 4096);
  cudaMalloc(&out, 4);
  saxpy<<<4, 256>>>(1024, 2.0f, x, y);
  block_sum<<<4, 256>>>(in, out, 1024);
  printf("%d\n", (int)cudaDeviceSynchronize());
}
