// __half conversions in a shader: cuda_fp16's software rounding has a switch among
// early exits, which LLVM's SPIR-V backend structurized wrongly before circle made the
// control flow structured itself. Each value is rounded to half and back, on the
// device and on the host, and compared.
#include <circle/vulkan.hpp>
#include <cuda_fp16.h>
#include <cstdio>

[[spirv::comp(64)]] void round_trip(int n, const float* in, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __half2float(__float2half(in[i]));
}

int main() {
  circle::vulkan::context vk;
  const int n = 4096;
  circle::vulkan::buffer<float> in = vk.alloc<float>(n), out = vk.alloc<float>(n);
  for (int i = 0; i < n; ++i) in[i] = (i - n / 2) * 0.37f + (i % 7) * 1e-3f + (i % 11 == 0 ? 70000.0f : 0.0f);
  vk.dispatch(round_trip, (n + 63) / 64, n, in.device(), out.device());
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != __half2float(__float2half(in[i]));
  printf("half round trip on Vulkan: %d values, %d differ from the host; out[5] = %g, out[11] = %g\n", n, wrong,
         out[5], out[11]);
  return wrong != 0;
}
