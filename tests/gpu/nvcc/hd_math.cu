// Math in __host__ __device__ and untagged functions a kernel reaches: the host's
// overloads of the C library resolve there, and compute on the GPU as libdevice does.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>

__host__ __device__ float angle(float a, float b) { return atanf(a / b); }
__host__ __device__ double mix(double x) { return exp(x) * log(x + 2) + tan(x) + pow(x, 1.5) + sinh(x) + cbrt(x); }
__host__ __device__ float mixf(float x) { return expf(x) + logf(x + 2) + tanf(x) + sinf(x) * cosf(x) + powf(x, 0.5f) + atan2f(x, 2.0f) + log10f(x + 1) + exp2f(x); }

__global__ void k(float* f, double* d, int n) {
  int i = threadIdx.x;
  if (i < n) {
    f[i] = angle(i + 1.0f, 3.0f) + mixf(i * 0.1f);
    d[i] = mix(i * 0.25);
  }
}

int main() {
  const int n = 8;
  float* f;
  double* d;
  cudaMalloc(&f, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(double));
  k<<<1, n>>>(f, d, n);
  float hf[n];
  double hd[n];
  cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    // Host and device libraries may differ in the last bits: compare to 1e-5 relative.
    float rf = angle(i + 1.0f, 3.0f) + mixf(i * 0.1f);
    double rd = mix(i * 0.25);
    printf("%d: float %s, double %s\n", i, fabsf(hf[i] - rf) <= 1e-5f * fabsf(rf) + 1e-6f ? "agrees" : "DIFFERS",
           fabs(hd[i] - rd) <= 1e-12 * fabs(rd) + 1e-12 ? "agrees" : "DIFFERS");
  }
  return 0;
}
