// fuzz-flags: -spirv
#include <circle/vulkan.hpp>
[[spirv::comp(64)]] void k(unsigned long long* p) { atomicAdd(p, 1ull); }
int main() {}
