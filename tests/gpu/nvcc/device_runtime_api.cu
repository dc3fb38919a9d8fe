// gpu-suite: rdc
// The device runtime API in a kernel (cudaMalloc, cudaFree, a created stream): with
// relocatable device code CUDA's headers declare the real functions only under
// __CUDACC_RDC__, which circle now defines with -rdc (the calls returned error 999).
#include <cuda_runtime.h>
#include <cstdio>

__global__ void parent(int* sum, cudaError_t* errors) {
  int* p = nullptr;
  errors[0] = cudaMalloc((void**)&p, 32 * sizeof(int));
  cudaStream_t s;
  errors[1] = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  if (p) {
    for (int i = 0; i < 32; ++i) p[i] = i;
    int total = 0;
    for (int i = 0; i < 32; ++i) total += p[i];
    *sum = total;
  }
  errors[2] = cudaFree(p);
  errors[3] = cudaStreamDestroy(s);
}

int main() {
  int* sum;
  cudaError_t* errors;
  cudaMalloc(&sum, sizeof(int));
  cudaMalloc(&errors, 4 * sizeof(cudaError_t));
  parent<<<1, 1>>>(sum, errors);
  int h = 0;
  cudaError_t e[4];
  cudaMemcpy(&h, sum, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(e, errors, sizeof e, cudaMemcpyDeviceToHost);
  printf("sum %d\n", h);
  for (int i = 0; i < 4; ++i) printf("call %d: %s\n", i, cudaGetErrorString(e[i]));
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
