// std::shared_ptr in a kernel: copies share one count, the last owner frees.
#include <cuda_runtime.h>
#include <cstdio>
#include <memory>

struct Noisy {
  int value;
  ~Noisy() { printf("destroyed %d\n", value); }
};

__global__ void kernel() {
  auto a = std::make_shared<Noisy>(Noisy{7});
  {
    auto b = a;
    printf("use_count %ld\n", a.use_count());
  }
  printf("use_count %ld\n", a.use_count());
}

int main() {
  kernel<<<1, 1>>>();
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
