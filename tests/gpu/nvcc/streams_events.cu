// Kernels on two created streams, ordered by an event, timed with events; __ldg,
// __restrict__ and __launch_bounds__ on the kernels.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void __launch_bounds__(256) fill(int* __restrict__ out, int value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value + i;
}

__global__ void __launch_bounds__(256, 2) add(const int* __restrict__ in, int* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += __ldg(&in[i]);
}

int main() {
  const int n = 1 << 16;
  int *a, *b;
  cudaMalloc(&a, n * sizeof(int));
  cudaMalloc(&b, n * sizeof(int));
  cudaStream_t s1, s2;
  cudaStreamCreate(&s1);
  cudaStreamCreate(&s2);
  cudaEvent_t filled, start, stop;
  cudaEventCreate(&filled);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, s1);
  fill<<<n / 256, 256, 0, s1>>>(a, 1, n);
  cudaEventRecord(filled, s1);
  fill<<<n / 256, 256, 0, s2>>>(b, 1000, n);
  cudaStreamWaitEvent(s2, filled, 0);
  add<<<n / 256, 256, 0, s2>>>(a, b, n);
  cudaEventRecord(stop, s2);
  cudaEventSynchronize(stop);
  float ms = -1;
  cudaEventElapsedTime(&ms, start, stop);
  int* host = new int[n];
  cudaMemcpy(host, b, n * sizeof(int), cudaMemcpyDeviceToHost);
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += host[i];
  printf("sum %lld, b[0] %d, b[n-1] %d, timed %s, %s\n", sum, host[0], host[n - 1], ms >= 0 ? "yes" : "no",
         cudaGetErrorString(cudaGetLastError()));
}
