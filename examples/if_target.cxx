// Circle's if_target.cxx in standard C++: nvvm_archs::for_each visits each -sm_XX
// target where Circle writes `@meta for enum`. Each PTX target's kernel keeps only
// the printf whose predicate held while it was generated.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void kernel() {
  nvvm_archs::for_each([]<nvvm_arch_t arch>() {
    if target(arch == __nvvm_arch)
      printf("Compiling kernel for %s\n", nvvm_arch_name(arch));
  });
}

int main() {
  kernel<<<1, 1>>>();
  cudaDeviceSynchronize();
}
