// Build with -g: a 5-argument launch then checks that the CUDA runtime picked the
// PTX target it names, and a mismatch fails an assert. On an sm_90 device with
// -sm_75 -sm_90, the first launch runs and the second is a contract violation.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void kernel() {
  printf("Hello kernel, sm_%d.\n", __nvvm_arch);
}

int main() {
  // Launch only for sm_90.
  kernel<<<1, 1, 0, 0, 90>>>();
  cudaDeviceSynchronize();

  // Launch only for sm_75.
  kernel<<<1, 1, 0, 0, 75>>>();
  cudaDeviceSynchronize();
}
