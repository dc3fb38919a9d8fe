// Fast-math intrinsics and libm functions in a kernel, printed to 6 significant digits.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>

__global__ void maths(float* f, double* d) {
  float x = 0.75f;
  f[0] = __expf(x); f[1] = __sinf(x); f[2] = __logf(x); f[3] = rsqrtf(x); f[4] = fmaf(x, 2.0f, 1.0f);
  f[5] = __fdividef(1.0f, x); f[6] = cbrtf(x); f[7] = erff(x); f[8] = tgammaf(x); f[9] = atan2f(x, 2.0f);
  double y = 0.75;
  d[0] = exp(y); d[1] = sin(y); d[2] = log1p(y); d[3] = rsqrt(y); d[4] = fma(y, 2.0, 1.0); d[5] = hypot(y, 1.0);
}

int main() {
  float* f; double* d;
  cudaMallocManaged(&f, 10 * sizeof(float));
  cudaMallocManaged(&d, 6 * sizeof(double));
  maths<<<1, 1>>>(f, d);
  cudaDeviceSynchronize();
  for (int i = 0; i < 10; ++i) printf("f%d %.6g\n", i, f[i]);
  for (int i = 0; i < 6; ++i) printf("d%d %.6g\n", i, d[i]);
}
