// Device printf with the conversions CUDA's printf supports.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void formats() {
  printf("d %d i %i u %u x %x X %X o %o c %c s %s %%\n", -42, 7, 4000000000u, 0xbeef, 0xbeef, 8, 'z', "text");
  printf("ld %ld lld %lld llu %llu hd %hd hhd %hhd\n", -1234567890123L, -9000000000000LL, 18000000000000000000ULL,
         (short)-1234, (signed char)-12);
  printf("f %f e %e E %E g %g G %G a %a\n", 3.14159, 12345.678, 0.000123, 1e-5, 1e20, 1.0);
  printf("width [%8d] [%-8d] [%08.3f] [%+d] [% d] [%.2s] [%*d]\n", 42, 42, 3.14159, 5, 5, "abcdef", 6, 7);
  printf("p %s\n", (void*)0 == nullptr ? "null ok" : "?");
  // size_t's z modifier.
  printf("zu %zu\n", sizeof(double));
}

int main() {
  formats<<<1, 1>>>();
  cudaDeviceSynchronize();
}
