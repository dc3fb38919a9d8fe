#include "vec.h"

__global__ void saxpy_kernel(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // Circle's `if target`: each sm's pass keeps one branch (clangd must read it too).
  if target(__nvvm_current_device_sm >= 80) y[i] = axpy(a, __ldg(&x[i]), y[i]);
  else y[i] = axpy(a, x[i], y[i]);
}

void saxpy(int n, float a, const float* x, float* y) { saxpy_kernel<<<(n + 127) / 128, 128>>>(n, a, x, y); }
