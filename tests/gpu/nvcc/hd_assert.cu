// assert() in a __host__ __device__ function a kernel calls: glibc's macro names the
// host's __assert_fail there, which circle's device runtime defines as CUDA's device
// assert. A passing assert is silent; a failing one stops the kernel with
// "device-side assert triggered", in both builds.
#include <cassert>
#include <cstdio>

__host__ __device__ int checked_half(int v) {
  assert(v % 2 == 0);
  return v / 2;
}

__global__ void halves(int* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = checked_half(2 * i + (n > 8 ? 1 : 0));
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  halves<<<1, 8>>>(out, 8);
  cudaError_t e = cudaDeviceSynchronize();
  printf("passing asserts: %s, out[7] = %d, host %d\n", cudaGetErrorString(e), out[7], checked_half(10));
  halves<<<1, 16>>>(out, 16); // odd values: the assert fails
  e = cudaDeviceSynchronize();
  printf("failing assert: %s\n", cudaGetErrorString(e));
  return 0;
}
