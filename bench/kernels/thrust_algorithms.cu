// Thrust's algorithms that issue 38 names beside sort and transform_reduce, and CUB's
// radix sort called directly, each at 1 Mi and 32 Mi elements (a small input is launch-
// and policy-bound, a large one bandwidth-bound): reduce, inclusive_scan, copy_if,
// unique (over input with runs of equal keys), cub::DeviceRadixSort::SortPairs.
// Temporary storage from a cache (thrust_storage.h); each timed call starts from the
// same input.
#include "thrust_storage.h"
#include <cub/device/device_radix_sort.cuh>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/unique.h>
#include <string>

struct is_multiple_of_3 {
  __host__ __device__ bool operator()(unsigned x) const { return x % 3 == 0; }
};

std::vector<unsigned> randomKeys(int n, unsigned seed, unsigned shift) {
  std::vector<unsigned> h(n);
  for (unsigned& v : h) v = (seed = seed * 1664525u + 1013904223u) >> shift;
  return h;
}

template <class T>
std::vector<T> host(const thrust::device_vector<T>& v, size_t n) {
  std::vector<T> h(n);
  thrust::copy(v.begin(), v.begin() + n, h.begin());
  return h;
}

void measure(int n, const std::string& size) {
  auto name = [&](const char* algorithm) { return std::string(algorithm) + "_" + size; };
  std::vector<unsigned> h = randomKeys(n, 3, 8);
  thrust::device_vector<unsigned> in(h.begin(), h.end()), out(n);
  CachedStorage storage;
  auto par = thrust::cuda::par(storage);

  unsigned long long total = 0;
  float ms = medianMs([&] { total = thrust::reduce(par, in.begin(), in.end(), 0ull); });
  report(name("thrust_reduce").c_str(), std::vector<unsigned long long>{total}, ms);

  ms = medianMs([&] { thrust::inclusive_scan(par, in.begin(), in.end(), out.begin()); });
  report(name("thrust_inclusive_scan").c_str(), host(out, n), ms);

  size_t kept = 0;
  ms = medianMs([&] { kept = thrust::copy_if(par, in.begin(), in.end(), out.begin(), is_multiple_of_3()) - out.begin(); });
  report(name("thrust_copy_if").c_str(), host(out, kept), ms);

  // Runs of equal keys (the key changes with probability 1/4 per element).
  std::vector<unsigned> runs(n);
  unsigned key = 0, s = 9;
  for (unsigned& v : runs) v = ((s = s * 1664525u + 1013904223u) >> 30) == 0 ? ++key : key;
  thrust::device_vector<unsigned> withRuns(runs.begin(), runs.end());
  ms = medianMs([&] {
    thrust::copy(withRuns.begin(), withRuns.end(), out.begin());
    kept = thrust::unique(par, out.begin(), out.end()) - out.begin();
  });
  report(name("thrust_unique").c_str(), host(out, kept), ms);

  thrust::device_vector<unsigned> keys(n), values(n), sortedKeys(n), sortedValues(n);
  thrust::copy(in.begin(), in.end(), keys.begin());
  thrust::sequence(values.begin(), values.end());
  auto raw = [](thrust::device_vector<unsigned>& v) { return thrust::raw_pointer_cast(v.data()); };
  size_t bytes = 0;
  cub::DeviceRadixSort::SortPairs(nullptr, bytes, raw(keys), raw(sortedKeys), raw(values), raw(sortedValues), n);
  void* temp = nullptr;
  BENCH_CHECK(cudaMalloc(&temp, bytes));
  ms = medianMs([&] {
    cub::DeviceRadixSort::SortPairs(temp, bytes, raw(keys), raw(sortedKeys), raw(values), raw(sortedValues), n);
  });
  BENCH_CHECK(cudaFree(temp));
  report(name("cub_radix_sort_pairs").c_str(), host(sortedValues, n), ms);
}

int main() {
  measure(1 << 20, "1M");
  measure(32 << 20, "32M");
}
