// A kernel in one source; the function that catches, in another (try_catch_rdc/at.cxx).
#include <cstdio>
#include <vector>
int safe_at(const std::vector<int>& v, int i);
__global__ void kernel(int i) {
  std::vector<int> v{5, 6, 7};
  printf("safe_at(%d) = %d\n", i, safe_at(v, i));
}
int main() {
  kernel<<<1, 1>>>(2);
  kernel<<<1, 1>>>(9);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
