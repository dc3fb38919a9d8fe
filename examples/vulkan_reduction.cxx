// A block reduction as a Vulkan compute shader: each workgroup sums 256 values in
// __shared__ (Workgroup) memory, halving the range between barriers.
//   circle --cuda-path=/usr/local/cuda -spirv vulkan_reduction.cxx -o vulkan_reduction
#include <circle/vulkan.hpp>
#include <cstdio>

constexpr int kGroup = 256;

[[spirv::comp(kGroup)]] void block_sum(const int* in, int* partial, int n) {
  __shared__ int tile[kGroup];
  int t = threadIdx.x;
  int i = blockIdx.x * kGroup + t;
  tile[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = kGroup / 2; stride > 0; stride /= 2) {
    if (t < stride) tile[t] += tile[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = tile[0];
}

int main() {
  circle::vulkan::context vk;
  const int n = 1000000, groups = (n + kGroup - 1) / kGroup;
  circle::vulkan::buffer<int> in = vk.alloc<int>(n), partial = vk.alloc<int>(groups);
  long long expected = 0;
  for (int i = 0; i < n; ++i) in[i] = i % 1000 - 300, expected += i % 1000 - 300;
  vk.dispatch(block_sum, groups, in.device(), partial.device(), n);
  long long sum = 0;
  for (int g = 0; g < groups; ++g) sum += partial[g];
  printf("reduction on Vulkan: %d workgroups, sum %lld, expected %lld\n", groups, sum, expected);
  return sum != expected;
}
