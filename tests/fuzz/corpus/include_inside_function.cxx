// Once printed "error: templates can only be declared in namespace or class scope" with no location:
// Clang's recovery for std::map used before <map> (included inside main) supplies a template<> of its own.
#include <cuda_runtime.h>
#include <cstdio>
#include <string>
__global__ void kernel() {
  [[storage_only]] __shared__ std::map<int, std::string> names;
  if (threadIdx.x == 0) new (&names) std::map<int, std::string>();
}
int main() {
#include <map>
  kernel<<<1, 2>>>();
}
