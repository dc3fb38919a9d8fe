// thrust::sort (CUB's onesweep radix sort) of 32 Mi unsigned keys, of 32 Mi int keys,
// and thrust::sort_by_key of 16 Mi unsigned keys with unsigned values. thrust allocates
// its temporary storage in every sort; with cudaMalloc/cudaFree in the timed region the
// whole-sort times moved by up to 20% from run to run, more than the kernels differ, so
// the sorts take their storage from a cache that keeps freed blocks (thrust_storage.h).
#include "thrust_storage.h"
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

template <class Key>
void sortKeys(const char* name, int n) {
  std::vector<Key> h(n);
  unsigned s = 7;
  for (Key& v : h) v = Key(s = s * 1664525u + 1013904223u);
  thrust::device_vector<Key> unsorted(h.begin(), h.end()), keys(n);
  CachedStorage storage;
  float ms = medianMs([&] {
    thrust::copy(unsorted.begin(), unsorted.end(), keys.begin());
    thrust::sort(thrust::cuda::par(storage), keys.begin(), keys.end());
  }, 7);
  std::vector<Key> out(n);
  thrust::copy(keys.begin(), keys.end(), out.begin());
  report(name, out, ms);
}

void sortPairs(const char* name, int n) {
  std::vector<unsigned> h(n);
  unsigned s = 11;
  for (unsigned& v : h) v = (s = s * 1664525u + 1013904223u);
  thrust::device_vector<unsigned> unsorted(h.begin(), h.end()), keys(n), values(n);
  CachedStorage storage;
  float ms = medianMs([&] {
    thrust::copy(unsorted.begin(), unsorted.end(), keys.begin());
    thrust::sequence(values.begin(), values.end());
    thrust::sort_by_key(thrust::cuda::par(storage), keys.begin(), keys.end(), values.begin());
  }, 7);
  std::vector<unsigned> out(n);
  thrust::copy(values.begin(), values.end(), out.begin());
  report(name, out, ms);
}

int main() {
  sortKeys<unsigned>("thrust_sort", 32 << 20);
  sortKeys<int>("thrust_sort_int", 32 << 20);
  sortPairs("thrust_sort_pairs", 16 << 20);
}
