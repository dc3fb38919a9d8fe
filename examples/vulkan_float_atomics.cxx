// atomicAdd on float in a compute shader, on a buffer and on __shared__ memory: the
// same kernel launches through CUDA and dispatches through Vulkan (where the device
// has VK_EXT_shader_atomic_float; lavapipe and NVIDIA's driver do).
#include <circle/vulkan.hpp>
#include <cstdio>

[[spirv::comp(64)]] void histogram(const float* weights, const int* bins, int n, float* totals) {
  __shared__ float block_sum;
  if (threadIdx.x == 0) block_sum = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&totals[bins[i]], weights[i]);
    atomicAdd(&block_sum, weights[i]);
  }
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&totals[4], block_sum);
}

int main() {
  circle::vulkan::context vk;
  if (!vk.float_atomics()) {
    printf("%s has no float atomics in shaders\n", vk.device_name().c_str());
    return 0;
  }
  const int n = 1000;
  auto weights = vk.alloc<float>(n);
  auto bins = vk.alloc<int>(n);
  auto totals = vk.alloc<float>(5);
  float expect[5] = {};
  for (int i = 0; i < n; ++i) {
    weights[i] = float(i % 7) * 0.5f; // halves: every sum is exact in float
    bins[i] = i % 4;
    expect[bins[i]] += weights[i];
    expect[4] += weights[i];
  }
  for (int b = 0; b < 5; ++b) totals[b] = 0;
  vk.dispatch(histogram, (n + 63) / 64, weights.device(), bins.device(), n, totals.device());
  int wrong = 0;
  for (int b = 0; b < 5; ++b) wrong += totals[b] != expect[b];
  printf("bins: %g %g %g %g, all: %g (%s)\n", totals[0], totals[1], totals[2], totals[3], totals[4],
         wrong ? "WRONG" : "as on the host");
  return wrong;
}
