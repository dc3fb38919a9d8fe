// __nvvm_maxntidx / __nvvm_minctasm inside an if-target branch give each sm's kernel
// its own bounds; the runtime reports the loaded kernel's limit.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void tuned(int* out) {
  nvvm_archs::for_each([]<nvvm_arch_t arch>() {
    if target(arch == __nvvm_arch) {
      __nvvm_maxntidx(arch >= sm_90 ? 256 : 128);
      __nvvm_minctasm(2);
    }
  });
  out[threadIdx.x] = __nvvm_current_device_sm;
}

int main() {
  cudaFuncAttributes attr{};
  cudaFuncGetAttributes(&attr, tuned);
  printf("ptx %d, max threads per block %d\n", attr.ptxVersion, attr.maxThreadsPerBlock);
  int* out;
  cudaMallocManaged(&out, 512 * sizeof(int));
  tuned<<<1, 256>>>(out);
  printf("256 threads: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  printf("thread 255 saw sm %d\n", out[255]);
  tuned<<<1, 512>>>(out);
  // Past the bound the launch must be refused (which error code is the runtime's call).
  printf("512 threads: %s\n", cudaGetLastError() != cudaSuccess ? "refused" : "launched");
}
