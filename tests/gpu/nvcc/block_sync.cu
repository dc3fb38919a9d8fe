// Block-wide barriers with predicates, static and dynamic shared memory at offsets,
// and memory fences.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void block(int* out) {
  __shared__ int stat[64];
  extern __shared__ int dyn[];
  int* second = dyn + blockDim.x; // a second array after the first
  int t = threadIdx.x;
  stat[t] = t * 2;
  dyn[t] = t + 1;
  second[t] = 100 - t;
  __syncthreads();
  int count = __syncthreads_count(t % 3 == 0);
  int all = __syncthreads_and(t < 64);
  int any = __syncthreads_or(t == 63);
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  __syncwarp();
  if (t == 0) {
    out[0] = count; out[1] = all; out[2] = any;
    int s = 0;
    for (int k = 0; k < 64; ++k) s += stat[k] + dyn[k] * second[k];
    out[3] = s;
  }
}

int main() {
  int* out;
  cudaMallocManaged(&out, 4 * sizeof(int));
  block<<<1, 64, 2 * 64 * sizeof(int)>>>(out);
  cudaError_t err = cudaDeviceSynchronize(); // before reading out: argument order is unspecified
  printf("%s: count %d and %d or %d sum %d\n", cudaGetErrorString(err), out[0], out[1], out[2], out[3]);
}
