// Math in kernels through libdevice, compared with the host's libm.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>

__global__ void math(const float* f, const double* d, float* fo, double* dout) {
  int i = threadIdx.x;
  fo[i] = sinf(f[i]) + expf(f[i] / 4) + sqrtf(f[i]) + powf(f[i], 1.5f) + std::log(f[i]);
  dout[i] = sin(d[i]) + exp(d[i] / 4) + std::pow(d[i], 2.5) + std::fabs(-d[i]);
}

int main() {
  const int n = 32;
  float f[n], fo[n];
  double d[n], dout[n];
  for (int i = 0; i < n; ++i) f[i] = d[i] = 0.5 + i * 0.25;
  float *df, *dfo;
  double *dd, *ddo;
  cudaMalloc(&df, sizeof f); cudaMalloc(&dfo, sizeof fo);
  cudaMalloc(&dd, sizeof d); cudaMalloc(&ddo, sizeof dout);
  cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice);
  math<<<1, n>>>(df, dd, dfo, ddo);
  cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost);
  cudaMemcpy(dout, ddo, sizeof dout, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float ef = sinf(f[i]) + expf(f[i] / 4) + sqrtf(f[i]) + powf(f[i], 1.5f) + std::log(f[i]);
    double ed = sin(d[i]) + exp(d[i] / 4) + std::pow(d[i], 2.5) + std::fabs(-d[i]);
    if (std::fabs(fo[i] - ef) > 1e-4f * std::fabs(ef) || std::fabs(dout[i] - ed) > 1e-12 * std::fabs(ed)) ++bad;
  }
  printf("f[5]: %.4f, d[5]: %.6f, %d of %d outside tolerance\n", fo[5], dout[5], bad, n);
  return bad != 0;
}
