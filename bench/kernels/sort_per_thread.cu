// std::sort of 64 floats per thread, in each thread's own array; and the heap sort
// (std::make_heap + std::sort_heap) nvcc's build of std::sort runs instead: nvcc
// compiles libstdc++'s std::__lg, which uses __builtin_clzl, to nothing on the GPU
// (bench/RESULTS.md), so its introsort's depth limit is not 2 log2 64 and it heap-sorts.
// circle's build heap-sorts here too, by choice: every lane of each warp sorts
// (targets/nvptx/warp_sorts.h).
// introsort_per_thread runs std::sort's own two steps with the depth limit std::sort
// computes for 64 items (2 log2 64), so both builds run the algorithm the source names;
// nvcc's build of it sorts wrongly (its device code for libstdc++'s std::move_backward,
// which the insertion sort uses, is empty: bench/RESULTS.md), which the host's sort of
// the same rows shows.
#include "bench.h"
#include <algorithm>

__global__ void sort_rows(float* data, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float local[64];
  for (int i = 0; i < 64; ++i) local[i] = data[r * 64 + i];
  std::sort(local, local + 64);
  for (int i = 0; i < 64; ++i) data[r * 64 + i] = local[i];
}

__global__ void heap_sort_rows(float* data, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float local[64];
  for (int i = 0; i < 64; ++i) local[i] = data[r * 64 + i];
  std::make_heap(local, local + 64);
  std::sort_heap(local, local + 64);
  for (int i = 0; i < 64; ++i) data[r * 64 + i] = local[i];
}

__global__ void introsort_rows(float* data, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float local[64];
  for (int i = 0; i < 64; ++i) local[i] = data[r * 64 + i];
  std::__introsort_loop(local, local + 64, 2 * 6, __gnu_cxx::__ops::__iter_less_iter());
  std::__final_insertion_sort(local, local + 64, __gnu_cxx::__ops::__iter_less_iter());
  for (int i = 0; i < 64; ++i) data[r * 64 + i] = local[i];
}

int main() {
  const int rows = 1 << 16;
  std::vector<float> h(rows * 64);
  unsigned s = 12345;
  for (float& v : h) v = float((s = s * 1664525u + 1013904223u) >> 8) / 16777216.0f;
  std::vector<float> sorted = h;
  for (int r = 0; r < rows; ++r) std::sort(sorted.begin() + r * 64, sorted.begin() + r * 64 + 64);
  for (const char* name : {"sort_per_thread", "heapsort_per_thread", "introsort_per_thread"})
    reportReference(name, sorted);
  float *D, *Src;
  BENCH_CHECK(cudaMalloc(&D, h.size() * 4));
  cudaMalloc(&Src, h.size() * 4);
  cudaMemcpy(Src, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
  float ms = medianMs([&] {
    cudaMemcpy(D, Src, h.size() * 4, cudaMemcpyDeviceToDevice);
    sort_rows<<<rows / 128, 128>>>(D, rows);
  }, 7);
  std::vector<float> out(h.size());
  cudaMemcpy(out.data(), D, out.size() * 4, cudaMemcpyDeviceToHost);
  report("sort_per_thread", out, ms);
  ms = medianMs([&] {
    cudaMemcpy(D, Src, h.size() * 4, cudaMemcpyDeviceToDevice);
    heap_sort_rows<<<rows / 128, 128>>>(D, rows);
  }, 7);
  cudaMemcpy(out.data(), D, out.size() * 4, cudaMemcpyDeviceToHost);
  report("heapsort_per_thread", out, ms);
  ms = medianMs([&] {
    cudaMemcpy(D, Src, h.size() * 4, cudaMemcpyDeviceToDevice);
    introsort_rows<<<rows / 128, 128>>>(D, rows);
  }, 7);
  cudaMemcpy(out.data(), D, out.size() * 4, cudaMemcpyDeviceToHost);
  report("introsort_per_thread", out, ms);
}
