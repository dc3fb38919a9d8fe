// Separate compilation: this file's kernels call device functions, a member function
// and a device variable that ops.cu defines; each file is compiled with -rdc -c and
// the objects are linked into one program (one device link).
#include "ops.h"
#include <cstdio>

__global__ void evaluate(float* out, int* steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Accumulator acc{0};
  for (int k = 0; k <= i % 4; ++k) acc.add(polynomial(i * 0.5f + k));
  out[i] = acc.total;
  steps[i] = collatz_steps(i + 1);
}

int main() {
  const int n = 40;
  float* out;
  int* steps;
  cudaMallocManaged(&out, n * sizeof(float));
  cudaMallocManaged(&steps, n * sizeof(int));
  evaluate<<<2, 32>>>(out, steps, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; i += 7) printf("out[%d] = %.3f, collatz(%d) = %d steps\n", i, out[i], i + 1, steps[i]);
  printf("polynomial was called %d times\n", read_calls());

  square_all<<<1, 64>>>(out, n); // a kernel from the other file, launched from the host
  launch_square_all<<<1, 1>>>(out, n); // and launched from the device
  cudaError_t err = cudaDeviceSynchronize();
  printf("%s: out[3] = %.3f, out[39] = %.1f\n", cudaGetErrorString(err), out[3], out[39]);
}
