// fuzz-flags: -spirv
#include <circle/vulkan.hpp>
[[spirv::comp(64)]] void k(long long* p) { __int128 a = p[0]; a = a * a; p[1] = (long long)(a >> 64); }
int main() {}
