// The 5th chevron argument: launch kernel<arch> only for the PTX target the device
// will run, and generate each specialization for that target alone.
#include <cuda_runtime.h>
#include <algorithm> // for std::upper_bound
#include <cstdio>
#include <cstdlib>

template <nvvm_arch_t arch>
__global__ void kernel() {
  printf("Launched kernel<%s>().\n", nvvm_arch_name(arch));
}

int main() {
  // Get the PTX arch of the installed device.
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  int sm = 10 * prop.major + prop.minor;

  // Use upper_bound - 1 to find the largest PTX target not greater than sm.
  auto it = std::upper_bound(nvvm_arch_values, nvvm_arch_values + nvvm_arch_count, sm);
  if (it == nvvm_arch_values) {
    printf("No valid target for sm_%d.\n", sm);
    exit(1);
  }
  nvvm_arch_t target = it[-1];
  printf("Selecting PTX target sm_%d.\n", (int)target);

  nvvm_archs::for_each([=]<nvvm_arch_t arch>() {
    // The 5th argument names the one PTX target that ODR-uses kernel<arch>.
    if (arch == target) kernel<arch><<<1, 1, 0, 0, (int)arch>>>();
  });
  cudaDeviceSynchronize();
}
