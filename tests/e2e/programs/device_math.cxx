// Math functions in a kernel come from CUDA's libdevice.
#include <cuda_runtime.h>
#include <cmath>

__global__ void math(float* f, double* d) {
  int i = threadIdx.x;
  f[i] = sinf(f[i]) + expf(f[i]) + sqrtf(f[i]) + powf(f[i], 1.5f) + std::log(f[i]);
  d[i] = sin(d[i]) + exp(d[i]) + std::pow(d[i], 2.5) + std::fabs(d[i]);
}
int main() {}
