// CUB's device-wide algorithms and the Thrust algorithms built on them, each over
// 32 Mi elements with its temporary storage allocated once outside the timed region:
// reduce, exclusive scan, select (copy_if), histogram, segmented reduce, run-length
// unique, and thrust's transform_reduce. Each algorithm's kernels come from its CUB
// policy for the sm that runs them (one per sm in a multi-sm build).
#include "bench.h"
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/device_vector.h>
#include <thrust/transform_reduce.h>

struct is_odd {
  __host__ __device__ bool operator()(unsigned x) const { return x & 1; }
};
struct low_bits {
  __host__ __device__ unsigned long long operator()(unsigned x) const { return x & 0xffff; }
};

constexpr int kN = 32 << 20;

// One CUB call measured: `call(temp, bytes)` sizes its storage when temp is null.
template <class Call>
float timeCub(Call call) {
  size_t bytes = 0;
  call(nullptr, bytes);
  void* temp = nullptr;
  BENCH_CHECK(cudaMalloc(&temp, bytes));
  float ms = medianMs([&] { call(temp, bytes); });
  BENCH_CHECK(cudaFree(temp));
  return ms;
}

template <class T>
std::vector<T> host(const thrust::device_vector<T>& v) {
  std::vector<T> h(v.size());
  thrust::copy(v.begin(), v.end(), h.begin());
  return h;
}

int main() {
  std::vector<unsigned> h(kN);
  unsigned s = 5;
  for (unsigned& v : h) v = (s = s * 1664525u + 1013904223u) >> 4;
  thrust::device_vector<unsigned> in(h.begin(), h.end()), out(kN);
  thrust::device_vector<unsigned long long> wide(h.begin(), h.end()), sum(1);
  thrust::device_vector<int> count(1), histogram(256);
  const unsigned* d_in = thrust::raw_pointer_cast(in.data());
  unsigned* d_out = thrust::raw_pointer_cast(out.data());
  const unsigned long long* d_wide = thrust::raw_pointer_cast(wide.data());
  unsigned long long* d_sum = thrust::raw_pointer_cast(sum.data());
  int* d_count = thrust::raw_pointer_cast(count.data());

  float ms = timeCub([&](void* t, size_t& b) { cub::DeviceReduce::Sum(t, b, d_wide, d_sum, kN); });
  report("cub_reduce", host(sum), ms);
  ms = timeCub([&](void* t, size_t& b) { cub::DeviceScan::ExclusiveSum(t, b, d_in, d_out, kN); });
  report("cub_scan", host(out), ms);
  ms = timeCub([&](void* t, size_t& b) { cub::DeviceSelect::If(t, b, d_in, d_out, d_count, kN, is_odd()); });
  report("cub_select_if", host(count), ms);
  ms = timeCub([&](void* t, size_t& b) {
    cub::DeviceHistogram::HistogramEven(t, b, d_in, thrust::raw_pointer_cast(histogram.data()), 257, 0u, 1u << 28, kN);
  });
  report("cub_histogram", host(histogram), ms);
  constexpr int segments = 4096;
  std::vector<int> offsets(segments + 1);
  for (int i = 0; i <= segments; ++i) offsets[i] = static_cast<int>(static_cast<long long>(kN) * i / segments);
  thrust::device_vector<int> d_offsets(offsets.begin(), offsets.end());
  thrust::device_vector<unsigned long long> sums(segments);
  const int* o = thrust::raw_pointer_cast(d_offsets.data());
  ms = timeCub([&](void* t, size_t& b) {
    cub::DeviceSegmentedReduce::Sum(t, b, d_wide, thrust::raw_pointer_cast(sums.data()), segments, o, o + 1);
  });
  report("cub_segmented_reduce", host(sums), ms);
  unsigned long long total = 0;
  ms = medianMs([&] { total = thrust::transform_reduce(in.begin(), in.end(), low_bits(), 0ull, thrust::plus<unsigned long long>()); });
  report("thrust_transform_reduce", std::vector<unsigned long long>{total}, ms);
}
