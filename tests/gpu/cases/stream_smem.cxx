// A four-argument launch: dynamic (extern) shared memory and a created stream.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void reverse(const int* in, int* out, int n) {
  extern __shared__ int tile[];
  int t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[n - 1 - t];
}

int main() {
  const int n = 64;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i * i;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaMemcpyAsync(in, h, sizeof h, cudaMemcpyHostToDevice, stream);
  reverse<<<1, n, n * sizeof(int), stream>>>(in, out, n);
  cudaMemcpyAsync(h, out, sizeof h, cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += h[i] != (n - 1 - i) * (n - 1 - i);
  printf("h[0] = %d, h[63] = %d, %d wrong\n", h[0], h[63], bad);
  return bad != 0;
}
