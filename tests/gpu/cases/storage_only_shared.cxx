// [[storage_only]] __shared__ and __device__ objects of standard-library types: one
// thread constructs each with placement new, every thread reads, one destroys it.
#include <cuda_runtime.h>
#include <cstdio>
#include <map>
#include <new>
#include <string>

struct counter_t {
  counter_t() = delete; // storage_only needs no default constructor
  explicit counter_t(int start) : value(start) {}
  ~counter_t() { printf("counter_t destroyed at %d\n", value); }
  int value;
};

[[storage_only]] __device__ counter_t counter;

__global__ void kernel() {
  [[storage_only]] __shared__ std::map<int, std::string> names;
  if (threadIdx.x == 0) {
    new (&names) std::map<int, std::string>{{0, "zero"}, {1, "one"}, {2, "two"}, {3, "three"}};
    new (&counter) counter_t(40);
  }
  __syncthreads();
  atomicAdd(&counter.value, 1);
  __syncthreads();
  if (threadIdx.x < 4) printf("thread %u: %s of %d\n", threadIdx.x, names[threadIdx.x].c_str(), (int)names.size());
  __syncthreads();
  if (threadIdx.x == 0) {
    names.~map();
    counter.~counter_t();
  }
}

int main() {
  cudaDeviceSetLimit(cudaLimitStackSize, 16 * 1024);
  kernel<<<1, 2>>>();
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
