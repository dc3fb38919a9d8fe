// long double in kernels: the GPU computes it as double (nvcc warns the same), with
// the host's size and alignment, so a struct with a long double member has one layout.
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdio>

struct Sample {
  int id;
  long double value;
  char tag;
};

__device__ long double scale = 2.5L;
// Filled by the kernel: nvcc 13.0 lays out a static initializer of this array with
// 8-byte long doubles (the second element reads as zeros); circle keeps the host's
// 16 (tests/gpu/cases/long_double.cxx checks that).
__device__ Sample table[2];

__device__ long double harmonic(int n) {
  long double s = 0.0L;
  for (int i = 1; i <= n; ++i) s += 1.0L / i;
  return s;
}

__global__ void compute(double* out, Sample* samples, int n) {
  table[0] = {1, 0.25L, 'a'};
  table[1] = {2, -1.5L, 'b'};
  long double a = 1.0L, b = 3.0L;
  out[0] = (double)(a / b);
  out[1] = (double)(harmonic(n) * scale);
  out[2] = (double)(table[0].value + table[1].value);
  out[3] = (float)(1.0L / 7.0L);
  out[4] = (int)(scale * 3.0L);
  for (int i = 0; i < 2; ++i) {
    samples[i].id = table[i].id * 10;
    samples[i].value = table[i].value * a / b;
    samples[i].tag = table[i].tag + 1;
  }
  out[5] = sizeof(long double);
  out[6] = offsetof(Sample, tag);
}

int main() {
  double* out;
  Sample* samples;
  cudaMalloc(&out, 7 * sizeof(double));
  cudaMalloc(&samples, 2 * sizeof(Sample));
  compute<<<1, 1>>>(out, samples, 10);
  double h[7];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  Sample s[2];
  cudaMemcpy(s, samples, sizeof s, cudaMemcpyDeviceToHost);
  printf("a/b %.17g\nharmonic %.17g\ntable %.17g\nseventh %.9g\nint %g\n", h[0], h[1], h[2], h[3], h[4]);
  printf("device sizeof %g offsetof(tag) %g; host sizeof %zu offsetof(tag) %zu\n", h[5], h[6], sizeof(long double),
         offsetof(Sample, tag));
  // The device wrote doubles into the long double slots: its members around them are
  // where the host expects them.
  for (const Sample& x : s) printf("sample %d %c\n", x.id, x.tag);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return 0;
}
