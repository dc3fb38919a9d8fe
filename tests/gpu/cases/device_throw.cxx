// A throw on the device cannot unwind: circle's runtime prints what was thrown and
// which thread threw it, then traps, and the launch reports an error.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void kernel(int i) {
  std::vector<int> v(3);
  printf("at(%d) = %d\n", i, v.at(i));
}

int main() {
  kernel<<<1, 1>>>(1);
  printf("in range: %s\n", cudaDeviceSynchronize() == cudaSuccess ? "ok" : "failed");
  kernel<<<1, 1>>>(10);
  printf("out of range: %s\n", cudaDeviceSynchronize() == cudaSuccess ? "ok" : "the launch failed");
}
