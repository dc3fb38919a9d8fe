// gpu-suite: fast-math
// x / y under -use_fast_math: nvcc divides approximately (div.approx.ftz.f32), so the
// quotients, printed bit for bit, must be the ones nvcc's build prints (with div.full or
// div.rn they differ in the last bits for many of these operands).
#include <cstdio>

__global__ void divide(const float* x, const float* y, float* q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) q[i] = x[i] / y[i];
}

int main() {
  const int n = 4096;
  static float x[n], y[n], q[n];
  unsigned s = 12345;
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    x[i] = float(int(s >> 8) % 200000 - 100000) / 7.0f;
    s = s * 1664525u + 1013904223u;
    y[i] = float(int(s >> 8) % 20000 + 1) / 13.0f * ((s & 1) ? -1.0f : 1.0f);
  }
  y[0] = 1e-40f; // a denormal divisor: flushed to zero under -ftz
  y[1] = 3e38f;
  float *dx, *dy, *dq;
  cudaMalloc(&dx, sizeof x); cudaMalloc(&dy, sizeof y); cudaMalloc(&dq, sizeof q);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
  divide<<<n / 256, 256>>>(dx, dy, dq, n);
  cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost);
  unsigned h = 2166136261u; // FNV-1a over the quotients' bits
  for (int i = 0; i < n; ++i) {
    unsigned b;
    __builtin_memcpy(&b, &q[i], 4);
    h = (h ^ b) * 16777619u;
  }
  for (int i = 0; i < 8; ++i) std::printf("%d: %a / %a = %a\n", i, x[i], y[i], q[i]);
  std::printf("hash of %d quotients: %08x\n", n, h);
}
