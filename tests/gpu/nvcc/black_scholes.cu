// Black-Scholes pricing of 100000 European call and put options in single precision
// (expf, logf, sqrtf and a polynomial normal CDF, as CUDA's sample does), the host
// printing sums and a few prices to 3 decimals.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__device__ float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f, a5 = 1.330274429f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = 0.3989422804014327f * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0f - c : c;
}

__global__ void price(const float* s, const float* x, const float* t, float* call, float* put, int n, float r, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sqrt_t = sqrtf(t[i]);
  float d1 = (logf(s[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sqrt_t);
  float d2 = d1 - v * sqrt_t;
  float discount = expf(-r * t[i]);
  call[i] = s[i] * cnd(d1) - x[i] * discount * cnd(d2);
  put[i] = x[i] * discount * (1.0f - cnd(d2)) - s[i] * (1.0f - cnd(d1));
}

int main() {
  const int n = 100000;
  std::vector<float> s(n), x(n), t(n), c(n), p(n);
  for (int i = 0; i < n; ++i) {
    s[i] = 5.0f + (i % 1000) * 0.025f;
    x[i] = 1.0f + (i % 777) * 0.125f;
    t[i] = 0.25f + (i % 37) * 0.25f;
  }
  float *ds, *dx, *dt, *dc, *dp;
  for (float** q : {&ds, &dx, &dt, &dc, &dp}) cudaMalloc(q, n * 4);
  cudaMemcpy(ds, s.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dt, t.data(), n * 4, cudaMemcpyHostToDevice);
  price<<<(n + 127) / 128, 128>>>(ds, dx, dt, dc, dp, n, 0.02f, 0.30f);
  cudaMemcpy(c.data(), dc, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(p.data(), dp, n * 4, cudaMemcpyDeviceToHost);
  double cs = 0, ps = 0;
  for (int i = 0; i < n; ++i) cs += c[i], ps += p[i];
  printf("%s: call sum %.1f, put sum %.1f\n", cudaGetErrorString(cudaGetLastError()), cs, ps);
  for (int i : {0, 1234, 54321, 99999}) printf("option %5d: call %.3f put %.3f\n", i, c[i], p[i]);
}
