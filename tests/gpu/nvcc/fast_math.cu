// gpu-suite: fast-math
// -use_fast_math as nvcc gives it: tanhf through tanh.approx.f32 (bit for bit the
// instruction nvcc uses), the other functions as their approximate intrinsics.
#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void fast(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  out[4 * i] = tanhf(v);
  out[4 * i + 1] = sinf(v);
  out[4 * i + 2] = expf(v * 0.25f);
  out[4 * i + 3] = 1.0f / (v + 5.0f);
}

int main() {
  const int n = 64;
  float *x, *out;
  cudaMallocManaged(&x, n * sizeof(float)); cudaMallocManaged(&out, 4 * n * sizeof(float));
  for (int i = 0; i < n; ++i) x[i] = -4.0f + 0.125f * i;
  fast<<<2, 32>>>(x, out, n);
  if (cudaError_t e = cudaDeviceSynchronize()) { printf("error %s\n", cudaGetErrorString(e)); return 1; }
  for (int i = 0; i < n; ++i) {
    unsigned b; memcpy(&b, &out[4 * i], 4);
    printf("%g: tanhf %08x sinf %.5g expf %.5g recip %.5g\n", x[i], b, out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]);
  }
}
