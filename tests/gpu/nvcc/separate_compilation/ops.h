// What ops.cu defines for main.cu: device functions, a device variable, a kernel.
#pragma once
#include <cuda_runtime.h>

struct Accumulator {
  float total;
  __device__ void add(float x);
};

extern __device__ int calls;
__device__ float polynomial(float x);
__device__ __noinline__ int collatz_steps(long n);
__global__ void square_all(float* v, int n);
__global__ void launch_square_all(float* v, int n); // launches square_all from the device
int read_calls();
