// fuzz-flags: -spirv
#include <cuda_fp16.h>
#include <circle/vulkan.hpp>
[[spirv::comp(64)]] void k(float* p) { __half h = __float2half(p[0]); p[1] = __half2float(h); }
int main() {}
