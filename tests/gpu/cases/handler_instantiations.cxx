// A catch handler in device code calling template instantiations that nothing else in
// device code calls (std::distance and std::equal over list iterators, as libstdc++'s
// exception-safety tests do after a throw): the device pass generates no handlers, so
// the exception island must generate those instantiations itself.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <list>

struct thrower {
  int v;
  thrower(int x) : v(x) {
    if (x == 3) throw 7;
  }
};

__device__ int check() {
  std::list<int> a{1, 2, 3};
  try {
    std::list<thrower> l;
    for (int i = 0; i < 5; ++i) l.emplace_back(i);
  } catch (int e) {
    std::list<int> b{1, 2, 3};
    return e + (int)std::distance(a.begin(), a.end()) + std::equal(a.begin(), a.end(), b.begin());
  }
  return -1;
}

__global__ void k(int* o) { *o = check(); }

int main() {
  int* o;
  cudaMallocManaged(&o, sizeof(int));
  k<<<1, 1>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s: %d\n", cudaGetErrorString(e), *o);
}
