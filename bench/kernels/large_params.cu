// Kernels whose parameters are large structs (4 KB and 32 KB of coefficients): each
// thread reads parameter space in a loop.
#include "bench.h"

template <int N>
struct Coefficients {
  float c[N];
};

template <int N>
__global__ void polynomial(Coefficients<N> k, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i], acc = 0;
  for (int j = 0; j < N; j += 16) acc = acc * v + k.c[(j + i) % N];
  y[i] = acc;
}

template <int N>
void run(const char* name, const float* X, float* Y, int n) {
  Coefficients<N> k;
  for (int j = 0; j < N; ++j) k.c[j] = 1.0f / float(j + 1);
  float ms = medianMs([&] { polynomial<N><<<n / 256, 256>>>(k, X, Y, n); });
  std::vector<float> y(n);
  cudaMemcpy(y.data(), Y, n * 4, cudaMemcpyDeviceToHost);
  report(name, y, ms);
}

int main() {
  const int n = 1 << 22;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = float(i % 1000) / 1000.0f;
  float *X, *Y;
  BENCH_CHECK(cudaMalloc(&X, n * 4));
  cudaMalloc(&Y, n * 4);
  cudaMemcpy(X, x.data(), n * 4, cudaMemcpyHostToDevice);
  run<1024>("params_4k", X, Y, n);
  run<8000>("params_32k", X, Y, n);
}
