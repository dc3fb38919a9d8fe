// Recursion a constant bounds, unrolled into the kernel (targets/nvptx/bounded_recursion.h):
// std::sort of per-thread arrays of several sizes and orders, and recursive functions
// whose constant argument bounds them (unrolled) or does not (the guard falls back to
// the recursive function). Every result is checked against the same code on the host.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <functional>

float value(int t, int i) { return float(int((t * 7919u + i * 104729u) % 2003u) - 1000) / 8.0f; }

// In integers: the order, not float rounding, is what is compared.
template <int N, class Less>
unsigned sortedChecksum(int t, Less less) {
  float a[N];
  for (int i = 0; i < N; ++i) a[i] = value(t, i);
  std::sort(a, a + N, less);
  unsigned sum = 0;
  for (int i = 0; i < N; ++i) sum = sum * 31u + unsigned(int(a[i] * 8.0f));
  return std::is_sorted(a, a + N, less) ? sum : 0u;
}

// Called with a constant 12 for n: unrolled level by level.
int walk(const int* p, int n) { return n <= 0 ? 0 : p[n % 4] * n + walk(p, n - 1); }
// Called with a constant 2 for i, which grows: every level falls back to the recursion.
int up(const int* p, int i) { return i >= 40 ? 0 : p[i % 4] + 3 * up(p, i + 1) % 1000; }

unsigned all(int t) {
  int p[4] = {t, t + 1, t * 3, 7};
  return sortedChecksum<8>(t, std::less<float>()) + sortedChecksum<33>(t, std::greater<float>()) +
         sortedChecksum<64>(t, std::less<float>()) +
         sortedChecksum<100>(t, [](float a, float b) { return a * a < b * b || (a * a == b * b && a < b); }) +
         unsigned(walk(p, 12)) + unsigned(up(p, 2));
}

__global__ void kernel(unsigned* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = all(t);
}

int main() {
  const int n = 512;
  unsigned* out;
  cudaMallocManaged(&out, n * sizeof(unsigned));
  kernel<<<n / 128, 128>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  int same = 0;
  for (int t = 0; t < n; ++t) same += out[t] == all(t);
  printf("%s, %d of %d threads match the host\n", cudaGetErrorString(err), same, n);
}
