#include <circle/vulkan.hpp>
#include <cmath>
#include <cstdio>

struct node { node* next; int value; };
struct knobs { short s; bool flag; char c; double scale; };

// Pointer chasing: each invocation walks a list whose links are buffer addresses.
[[spirv::comp(32)]] void walk(node* const* heads, int* sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int s = 0;
  for (const node* p = heads[i]; p; p = p->next) s += p->value;
  sums[i] = s;
}

// Small parameters packed together, doubles and math.
[[spirv::comp(8, 4)]] void mixed(knobs k, double* out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  double v = k.flag ? k.s + k.c : -1;
  out[y * width + x] = v * k.scale + std::sqrt(double(x * x + y * y)) + gridDim.x * 1000;
}

// Atomics on a buffer and on __shared__ memory; a pointer that walks a buffer.
[[spirv::comp(64)]] void count(const int* in, int n, int* total) {
  __shared__ int local;
  if (threadIdx.x == 0) local = 0;
  __syncthreads();
  const int* p = in + blockIdx.x * 64;
  for (int k = 0; k < 4; ++k, p += 16)
    if (threadIdx.x == 0) for (const int* q = p; q < p + 16; ++q) atomicAdd(&local, *q);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(total, local);
}

int main() {
  circle::vulkan::context vk;
  const int n = 40;
  auto nodes = vk.alloc<node>(n * 3);
  auto heads = vk.alloc<node*>(n);
  auto sums = vk.alloc<int>(n);
  for (int i = 0; i < n; ++i) {
    int len = i % 3 + 1;
    for (int k = 0; k < len; ++k) {
      node* dev = nodes.device() + i * 3 + k;
      nodes[i * 3 + k] = {k + 1 < len ? dev + 1 : nullptr, i * 10 + k};
    }
    heads[i] = nodes.device() + i * 3;
  }
  vk.dispatch(walk, (n + 31) / 32, heads.device(), sums.device(), n);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int len = i % 3 + 1, s = 0;
    for (int k = 0; k < len; ++k) s += i * 10 + k;
    wrong += sums[i] != s;
  }
  printf("walk: %d lists, %d wrong\n", n, wrong);

  auto out = vk.alloc<double>(16 * 8);
  vk.dispatch(mixed, {2, 2}, knobs{-3, true, 'A', 0.5}, out.device(), 16);
  printf("mixed: out[0] = %g, out[17] = %g, out[127] = %g\n", out[0], out[17], out[127]);

  auto in = vk.alloc<int>(64 * 10);
  auto total = vk.alloc<int>(1);
  long long expect = 0;
  for (int i = 0; i < 640; ++i) in[i] = i * 3 - 7, expect += i * 3 - 7;
  total[0] = 0;
  vk.dispatch(count, 10, in.device(), 640, total.device());
  printf("count: %d (expected %lld)\n", total[0], expect);
}
