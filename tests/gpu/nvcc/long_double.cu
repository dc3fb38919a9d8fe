// long double in kernels: the GPU computes it as double, as nvcc does. Only values
// cross between host and device here: nvcc 13.0 lays out a struct with a long double
// member with 8 bytes for it in device code (while its sizeof says 16), so such a
// struct does not survive a copy to or from the host with nvcc; circle keeps the
// host's layout (tests/gpu/cases/long_double.cxx checks that).
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdio>

struct Sample {
  int id;
  long double value;
  char tag;
};

__device__ long double scale = 2.5L;
__device__ Sample table[2];

__device__ long double harmonic(int n) {
  long double s = 0.0L;
  for (int i = 1; i <= n; ++i) s += 1.0L / i;
  return s;
}

__global__ void compute(double* out, int n) {
  table[0] = {1, 0.25L, 'a'};
  table[1] = {2, -1.5L, 'b'};
  long double a = 1.0L, b = 3.0L;
  out[0] = (double)(a / b);
  out[1] = (double)(harmonic(n) * scale);
  out[2] = (double)(table[0].value + table[1].value);
  out[3] = (float)(1.0L / 7.0L);
  out[4] = (int)(scale * 3.0L);
  out[7] = table[1].id * 10 + table[1].tag;
  out[5] = sizeof(long double);
  out[6] = offsetof(Sample, tag);
}

int main() {
  double* out;
  cudaMalloc(&out, 8 * sizeof(double));
  compute<<<1, 1>>>(out, 10);
  double h[8];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("a/b %.17g\nharmonic %.17g\ntable %.17g\nseventh %.9g\nint %g\n", h[0], h[1], h[2], h[3], h[4]);
  printf("device sizeof %g offsetof(tag) %g; host sizeof %zu offsetof(tag) %zu\n", h[5], h[6], sizeof(long double),
         offsetof(Sample, tag));
  printf("table[1] on the device: %g\n", h[7]);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return 0;
}
