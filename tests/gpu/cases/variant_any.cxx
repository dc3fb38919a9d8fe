// std::variant with std::visit and std::any with any_cast in a kernel (the variant
// half of the seed's any.cxx, in standard C++).
#include <cuda_runtime.h>
#include <cstdio>
#include <variant>
#include <any>
#include <string>
struct visitor { 
  void operator()(int x) const { printf("int %d\n", x); }
  void operator()(double x) const { printf("double %f\n", x); }
  void operator()(const char* s) const { printf("string %s\n", s); }
};
__global__ void kernel() {
  std::variant<int, double, const char*> vars[] = {1, 2.5, "three"};
  for (auto& v : vars) std::visit(visitor{}, v);
  std::any a = 5;
  if (int* p = std::any_cast<int>(&a)) printf("any int %d\n", *p);
  a = 1.5;
  printf("any double %f has_value %d\n", std::any_cast<double>(a), a.has_value());
}
int main() { kernel<<<1,1>>>(); printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize())); }
