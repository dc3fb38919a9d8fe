// A kernel whose only uses are 5-argument launches exists only in the images of
// the sms those launches name. An sm_90 device loads the sm_90 cubin, where
// kernel<sm_75> is absent, so launching it fails. (Taking a kernel's address, as
// cudaFuncGetAttributes(&attr, kernel<arch>) would, ODR-uses it from every sm.)
#include <cuda_runtime.h>
#include <cstdio>

template <nvvm_arch_t arch>
__global__ void kernel(int* out) {
  *out = arch;
}

int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  nvvm_archs::for_each([=]<nvvm_arch_t arch>() {
    *out = 0;
    kernel<arch><<<1, 1, 0, 0, (int)arch>>>(out);
    cudaError_t err = cudaGetLastError();
    if (err == cudaSuccess) err = cudaDeviceSynchronize();
    if (err != cudaSuccess) printf("kernel<%s>: not in the loaded image\n", nvvm_arch_name(arch));
    else printf("kernel<%s>: wrote %d\n", nvvm_arch_name(arch), *out);
  });
}
