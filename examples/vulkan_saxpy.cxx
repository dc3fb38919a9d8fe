// y = a * x + y as a Vulkan compute shader: the kernel CUDA would launch, marked
// [[spirv::comp(64)]] (64 invocations per workgroup) and compiled with -spirv.
//   circle --cuda-path=/usr/local/cuda -spirv vulkan_saxpy.cxx -o vulkan_saxpy
#include <circle/vulkan.hpp>
#include <cstdio>

[[spirv::comp(64)]] void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  circle::vulkan::context vk;
  const int n = 100000;
  const float a = 2.5f;
  circle::vulkan::buffer<float> x = vk.alloc<float>(n), y = vk.alloc<float>(n);
  for (int i = 0; i < n; ++i) x[i] = float(i % 1000) * 0.5f, y[i] = float(i % 77);
  vk.dispatch(saxpy, (n + 63) / 64, n, a, x.device(), y.device());
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != a * float(i % 1000) * 0.5f + float(i % 77);
  printf("saxpy on Vulkan: %d elements, %d wrong; y[1] = %g, y[%d] = %g\n", n, wrong, y[1], n - 1, y[n - 1]);
  return wrong != 0;
}
