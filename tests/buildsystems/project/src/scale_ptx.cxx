// Compiled to PTX alone (CMake's CUDA_PTX_COMPILATION), for a program that loads it
// with the driver API; the header's inline helper is device code too.
#include "vec.h"

extern "C" __global__ void scale_ptx(int n, float a, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = axpy(a, y[i], 0.0f);
}
