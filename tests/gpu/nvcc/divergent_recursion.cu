// gpu-suite: relaxed-constexpr
// Recursion whose depth differs from thread to thread of a warp, then loops over the
// thread's array. A recursive .func lets the warp's threads come back at different
// times (ptxas, CUDA 13.0), while ptxas compiles the caller's code after the call as
// if they came back together; circle's build of this crashed with "an illegal memory
// access" until self-recursion became a loop (targets/nvptx/recursion_loops.h).
// std::sort with a run-time count keeps libstdc++'s introsort recursive; counts above
// 16 only: nvcc's own build sorts exactly 16 wrongly (bench/RESULTS.md: its
// std::move_backward). Each line is checked against the host's computation.
#include <algorithm>
#include <cstdio>
#include <vector>

__device__ __noinline__ void split_swap(int* a, int lo, int hi, int depth) {
  if (hi - lo < 2 || depth <= 0) return;
  if (a[lo] > a[hi - 1]) {
    int t = a[lo];
    a[lo] = a[hi - 1];
    a[hi - 1] = t;
  }
  int mid = lo + (hi - lo) / 2;
  split_swap(a, lo, mid, depth - 1);
  split_swap(a, mid, hi, depth - 1 - (a[lo] & 1));
}

void split_swap_host(int* a, int lo, int hi, int depth) {
  if (hi - lo < 2 || depth <= 0) return;
  if (a[lo] > a[hi - 1]) std::swap(a[lo], a[hi - 1]);
  int mid = lo + (hi - lo) / 2;
  split_swap_host(a, lo, mid, depth - 1);
  split_swap_host(a, mid, hi, depth - 1 - (a[lo] & 1));
}

__global__ void per_lane_depth(const int* in, int* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int a[32];
  for (int i = 0; i < n; ++i) a[i] = in[t * 32 + i];
  split_swap(a, 0, n, in[t * 32] & 7);
  int s = 0;
  for (int i = 0; i < n; ++i) s += a[i] * (i + 1);
  for (int i = 0; i < n; ++i) out[t * 32 + i] = a[i];
  out[t * 32 + 31] = s;
}

// A zero-initialised array of its own (memset), read again after both calls.
__host__ __device__ __noinline__ int count_walk(const int* in, int n, int depth) {
  int counts[16] = {};
  for (int i = 0; i < n; ++i) counts[in[i] & 15]++;
  if (depth <= 0 || n < 2) return counts[in[0] & 15];
  int a = count_walk(in, n / 2, depth - 1 - (in[0] & 1));
  int b = count_walk(in + n / 2, n - n / 2, depth - 1);
  return a * 3 + b + counts[(a + b) & 15];
}

__global__ void count_walks(const int* in, int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = count_walk(in + t * 32, 32, in[t * 32] % 9);
}

__global__ void sort_rows(const float* in, float* out, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float local[64];
  for (int i = 0; i < n; ++i) local[i] = in[r * 64 + i];
  std::sort(local, local + n);
  for (int i = 0; i < n; ++i) out[r * 64 + i] = local[i];
}

__global__ void introsort_rows(const float* in, float* out, int n, long depth) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float local[64];
  for (int i = 0; i < n; ++i) local[i] = in[r * 64 + i];
  std::__introsort_loop(local, local + n, depth, __gnu_cxx::__ops::__iter_less_iter());
  for (int i = 0; i < n; ++i) out[r * 64 + i] = local[i];
}

int main() {
  const int threads = 1 << 14;
  unsigned s = 7;
  {
    const int n = 24;
    std::vector<int> h(threads * 32), ref(threads * 32), o(threads * 32);
    for (int& v : h) v = (s = s * 1664525u + 1013904223u) >> 16;
    for (int t = 0; t < threads; ++t) {
      int a[32];
      std::copy(h.begin() + t * 32, h.begin() + t * 32 + n, a);
      split_swap_host(a, 0, n, h[t * 32] & 7);
      int sum = 0;
      for (int i = 0; i < n; ++i) sum += a[i] * (i + 1);
      std::copy(a, a + n, ref.begin() + t * 32);
      ref[t * 32 + 31] = sum;
    }
    int *in, *out;
    cudaMalloc(&in, h.size() * 4);
    cudaMalloc(&out, h.size() * 4);
    cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, h.size() * 4);
    per_lane_depth<<<threads / 128, 128>>>(in, out, n);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int t = 0; t < threads; ++t)
      for (int i : {0, 1, 2, 12, 23, 31})
        if (o[t * 32 + i] != ref[t * 32 + i]) {
          ++wrong;
          break;
        }
    std::printf("per-lane recursion depth: %s, %d of %d threads wrong\n", cudaGetErrorString(e), wrong, threads);
    count_walks<<<threads / 128, 128>>>(in, out);
    e = cudaDeviceSynchronize();
    cudaMemcpy(o.data(), out, threads * 4, cudaMemcpyDeviceToHost);
    wrong = 0;
    for (int t = 0; t < threads; ++t) wrong += o[t] != count_walk(h.data() + t * 32, 32, h[t * 32] % 9);
    std::printf("per-lane depth, a zeroed array each: %s, %d of %d threads wrong\n", cudaGetErrorString(e), wrong,
                threads);
    cudaFree(in);
    cudaFree(out);
  }
  std::vector<float> h(threads * 64);
  for (float& v : h) v = float((s = s * 1664525u + 1013904223u) >> 8) / 16777216.0f;
  float *in, *out;
  cudaMalloc(&in, h.size() * 4);
  cudaMalloc(&out, h.size() * 4);
  cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
  std::vector<float> o(h.size());
  auto rowsWrong = [&](int n, long depth) {
    int wrong = 0;
    for (int r = 0; r < threads; ++r) {
      std::vector<float> ref(h.begin() + r * 64, h.begin() + r * 64 + n);
      if (depth < 0) std::sort(ref.begin(), ref.end());
      else std::__introsort_loop(ref.begin(), ref.end(), depth, __gnu_cxx::__ops::__iter_less_iter());
      if (!std::equal(ref.begin(), ref.end(), o.begin() + r * 64)) ++wrong;
    }
    return wrong;
  };
  for (int n : {17, 24, 33, 64}) {
    cudaMemset(out, 0, h.size() * 4);
    sort_rows<<<threads / 128, 128>>>(in, out, n);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost);
    std::printf("std::sort of %d: %s, %d rows wrong\n", n, cudaGetErrorString(e), rowsWrong(n, -1));
  }
  for (int n : {24, 48}) {
    for (long depth : {2L, 10L}) {
      cudaMemset(out, 0, h.size() * 4);
      introsort_rows<<<threads / 128, 128>>>(in, out, n, depth);
      cudaError_t e = cudaDeviceSynchronize();
      cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost);
      std::printf("introsort of %d, depth limit %ld: %s, %d rows wrong\n", n, depth, cudaGetErrorString(e),
                  rowsWrong(n, depth));
    }
  }
}
