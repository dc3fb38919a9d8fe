// Host-only code that cannot compile for the GPU sits beside a kernel that is never
// launched: the device passes must not generate it, and the program runs without a GPU.
#include <cuda_runtime.h>
#include <cstdio>
#include <immintrin.h>

unsigned long long host_cycles() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return ((unsigned long long)hi << 32) | lo;
}
float host_sse(float x) { return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x))); }
int device_helper(int x) { return x * 3; }

__global__ void kernel(int* p) { p[threadIdx.x] = device_helper(threadIdx.x); }

int main() {
  unsigned long long a = host_cycles(), b = host_cycles();
  std::printf("rdtsc advances: %d\n", b > a);
  std::printf("sqrt via SSE: %d\n", (int)host_sse(16.0f));
  std::printf("kernel registered, not launched\n");
}
