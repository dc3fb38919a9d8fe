// An executable with kernels of its own, linked normally with the library: two fat
// binaries registered in one process.
#include <cstdio>

extern "C" int lib_scale_sum(int f);
extern "C" int lib_calls();

__global__ void add(int* p, int v) { *p += v; }

int main() {
  int* d = nullptr;
  int h = 5;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
  add<<<1, 1>>>(d, 37);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  int first = lib_scale_sum(2);
  int second = lib_scale_sum(10);
  printf("linked: own kernel %d, library sum %d, library sum %d, kernel calls %d\n", h, first, second, lib_calls());
  return 0;
}
