// fuzz-flags: -spirv
#include <circle/vulkan.hpp>
[[spirv::comp(64)]] void k(int* p, int n) {
  int i = 0;
  if (n > 3) goto b;
a:
  i += 2;
b:
  i += p[i];
  if (i < n) goto a;
  p[0] = i;
}
int main() {}
