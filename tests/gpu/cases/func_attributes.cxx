// cudaFuncGetAttributes finds the registered kernel and the cubin the driver picked.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void scale(float* p, float s) { p[threadIdx.x] *= s; }

int main() {
  cudaFuncAttributes attr;
  cudaError_t err = cudaFuncGetAttributes(&attr, scale);
  if (err != cudaSuccess) {
    printf("cudaFuncGetAttributes: %s\n", cudaGetErrorString(err));
    return 1;
  }
  int dev = 0, major = 0, minor = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  int cc = major * 10 + minor;
  printf("binaryVersion matches the device: %s\n", attr.binaryVersion == cc ? "yes" : "no");
  printf("ptxVersion matches the device: %s\n", attr.ptxVersion == cc ? "yes" : "no");
  printf("maxThreadsPerBlock = %d\n", attr.maxThreadsPerBlock);
}
