#include <cstdio>

extern __device__ int twice(int x); // src/twice.cxx, in the static library rdc_twice

__global__ void answer(int* out) { *out = twice(21); }

int main() {
  int* d;
  cudaMalloc(&d, sizeof(int));
  answer<<<1, 1>>>(d);
  int h = 0;
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("rdcdemo: %d\n", h);
}
