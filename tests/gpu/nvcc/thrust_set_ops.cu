// Thrust's set operations run its own agents, whose device code is tuned by
// __CUDA_ARCH__ at namespace scope (sm52 or sm60 plan) while the host launches with
// the plan for the device's PTX version: the two must agree (circle's host view of
// that test once gave an empty set_union, without an error).
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/merge.h>
#include <thrust/sequence.h>
#include <thrust/set_operations.h>
#include <cstdio>

template <class It>
void report(const char* what, thrust::device_vector<int>& out, It end) {
  long long n = end - out.begin();
  thrust::host_vector<int> h(out.begin(), end);
  long long sum = 0;
  bool sorted = true;
  for (long long i = 0; i < n; ++i) {
    sum += h[i] * (i % 7 + 1);
    if (i && h[i] < h[i - 1]) sorted = false;
  }
  printf("%-22s %8lld items, weighted sum %lld, sorted %d\n", what, n, sum, sorted);
}

int main() {
  for (int n : {1000, 1 << 20}) {
    thrust::device_vector<int> a(n), b(n), out(2 * n);
    thrust::sequence(a.begin(), a.end(), 0, 2);
    thrust::sequence(b.begin(), b.end(), 0, 3);
    printf("n = %d\n", n);
    report("set_union", out, thrust::set_union(a.begin(), a.end(), b.begin(), b.end(), out.begin()));
    report("set_intersection", out, thrust::set_intersection(a.begin(), a.end(), b.begin(), b.end(), out.begin()));
    report("set_difference", out, thrust::set_difference(a.begin(), a.end(), b.begin(), b.end(), out.begin()));
    report("set_symmetric_diff", out,
           thrust::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), out.begin()));
    report("merge", out, thrust::merge(a.begin(), a.end(), b.begin(), b.end(), out.begin()));
  }
}
