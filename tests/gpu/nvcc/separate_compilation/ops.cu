#include "ops.h"

__device__ int calls = 0;
__device__ void Accumulator::add(float x) { total += x; }
__device__ float polynomial(float x) {
  atomicAdd(&calls, 1);
  return (2.0f * x - 3.0f) * x + 0.25f;
}
__device__ int collatz_steps(long n) {
  int steps = 0;
  while (n != 1) n = n % 2 ? 3 * n + 1 : n / 2, ++steps;
  return steps;
}
__global__ void square_all(float* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * v[i];
}
__global__ void launch_square_all(float* v, int n) { square_all<<<(n + 63) / 64, 64>>>(v, n); }
int read_calls() {
  int c = 0;
  cudaMemcpyFromSymbol(&c, calls, sizeof c);
  return c;
}
