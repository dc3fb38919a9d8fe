// thrust::find_if and count_if with a __host__ __device__ functor: Thrust's dispatch
// has a sequential branch only device code takes.
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/find.h>
#include <thrust/sequence.h>
#include <cstdio>

struct AtLeast {
  int threshold;
  __host__ __device__ bool operator()(int x) const { return x >= threshold; }
};

int main() {
  thrust::device_vector<int> v(1000);
  thrust::sequence(v.begin(), v.end(), 0, 3);
  auto it = thrust::find_if(v.begin(), v.end(), AtLeast{500});
  long n = thrust::count_if(v.begin(), v.end(), AtLeast{1500});
  auto none = thrust::find_if(v.begin(), v.end(), AtLeast{100000});
  std::printf("first >= 500 at %ld (value %d); %ld values >= 1500; none found: %d\n", long(it - v.begin()), int(*it), n,
              int(none == v.end()));
  return 0;
}
