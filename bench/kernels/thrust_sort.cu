// thrust::sort of 32 Mi unsigned keys (CUB's onesweep radix sort).
#include "bench.h"
#include <thrust/device_vector.h>
#include <thrust/sort.h>

int main() {
  const int n = 32 << 20;
  std::vector<unsigned> h(n);
  unsigned s = 7;
  for (unsigned& v : h) v = (s = s * 1664525u + 1013904223u);
  thrust::device_vector<unsigned> unsorted(h.begin(), h.end()), keys(n);
  float ms = medianMs([&] {
    thrust::copy(unsorted.begin(), unsorted.end(), keys.begin());
    thrust::sort(keys.begin(), keys.end());
  }, 7);
  std::vector<unsigned> out(n);
  thrust::copy(keys.begin(), keys.end(), out.begin());
  report("thrust_sort", out, ms);
}
