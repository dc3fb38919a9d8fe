// Which sort a warp's lanes should run (targets/nvptx/warp_sorts.h): per-thread rows of
// n items, k working lanes per warp, four kinds of input; libstdc++'s introsort as
// written (depth limit 2 log2 n), its heap-sort path (depth limit 0), std::sort (which
// circle's device pipeline sends down one or the other by the lanes calling it) with n
// a constant and with n a run-time value. Medians of 5 launches, ms; each std::sort
// result checked against the host's. Built by circle only (the baseline is the two
// algorithms in the same run; bench/kernels compares with nvcc):
//   circle -O3 -std=c++20 -arch=sm_90 bench/sort_lanes.cu -o sort_lanes
#include <algorithm>
#include <cstdio>
#include <vector>
#include "kernels/bench.h"

enum Alg { kIntro, kHeap, kSort, kSortRuntimeN };

template <int N, Alg A>
__global__ void sort_rows(float* data, int rows, int lanes, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows || (threadIdx.x & 31) >= lanes) return;
  float local[N];
  for (int i = 0; i < N; ++i) local[i] = data[(size_t)r * N + i];
  if (A == kSort) std::sort(local, local + N);
  else if (A == kSortRuntimeN) std::sort(local, local + n);
  else {
    std::__introsort_loop(local, local + N, A == kIntro ? 2 * std::__lg(N) : 0, __gnu_cxx::__ops::__iter_less_iter());
    std::__final_insertion_sort(local, local + N, __gnu_cxx::__ops::__iter_less_iter());
  }
  for (int i = 0; i < N; ++i) data[(size_t)r * N + i] = local[i];
}

template <int N>
void run(int kind) {
  const int rows = N >= 256 ? (1 << 14) : (1 << 16);
  std::vector<float> h((size_t)rows * N);
  unsigned s = 12345;
  for (size_t i = 0; i < h.size(); ++i) {
    float v = float((s = s * 1664525u + 1013904223u) >> 8) / 16777216.0f;
    if (kind == 1) v = float(i % N);
    if (kind == 2) v = float((s >> 20) & 3);
    if (kind == 3) v = float(i % N) + ((s >> 20) % 8 == 0 ? 100.0f : 0.0f);
    h[i] = v;
  }
  float *D, *Src;
  BENCH_CHECK(cudaMalloc(&D, h.size() * 4));
  cudaMalloc(&Src, h.size() * 4);
  cudaMemcpy(Src, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
  const char* kinds[] = {"random", "sorted", "fewkeys", "nearly"};
  for (int lanes : {1, 2, 3, 4, 8, 32}) {
    float t[4];
    auto time = [&](auto kernel, int a) {
      t[a] = medianMs([&] {
        cudaMemcpy(D, Src, h.size() * 4, cudaMemcpyDeviceToDevice);
        kernel<<<rows / 128, 128>>>(D, rows, lanes, N);
      }, 5);
    };
    time(sort_rows<N, kIntro>, 0);
    time(sort_rows<N, kHeap>, 1);
    time(sort_rows<N, kSort>, 2);
    time(sort_rows<N, kSortRuntimeN>, 3);
    std::vector<float> out(h.size()), ref(h);
    cudaMemcpy(out.data(), D, out.size() * 4, cudaMemcpyDeviceToHost);
    for (int r = 0; r < rows; ++r)
      if ((r & 31) < lanes) std::sort(ref.begin() + (size_t)r * N, ref.begin() + (size_t)(r + 1) * N);
    std::printf("n=%4d %-8s lanes=%2d intro %.4f heap %.4f std::sort %.4f run-time n %.4f  sort/intro %.2f "
                "sort/heap %.2f %s\n",
                N, kinds[kind], lanes, t[0], t[1], t[2], t[3], t[2] / t[0], t[2] / t[1],
                out == ref ? "sorted" : "WRONG");
  }
  cudaFree(D);
  cudaFree(Src);
}

int main() {
  for (int kind = 0; kind < 4; ++kind) {
    run<16>(kind);
    run<32>(kind);
    run<64>(kind);
    run<256>(kind);
    run<1024>(kind);
  }
}
