// gpu-suite: sms=75,80,86,90
// Thrust's and CUB's algorithms built for four sms in one compile: each sm's cubin must
// hold the kernels CUB's policy for that sm selects, the ones the host launches there
// (sema/policy_chains.h). The H100 runs sm_90's; cccl_algorithms_older.cu builds the
// same source without sm_90, so it runs sm_86's PTX, whose policies differ.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>
#include <cstdio>
#include <cstdint>

// A deterministic spread of keys (a 32-bit mix of the index).
struct mix {
  __host__ __device__ unsigned operator()(unsigned i) const {
    i ^= i >> 16; i *= 0x7feb352dU; i ^= i >> 15; i *= 0x846ca68bU; i ^= i >> 16;
    return i;
  }
};
struct is_odd { __host__ __device__ bool operator()(unsigned x) const { return x & 1; } };
struct high_bits { __host__ __device__ unsigned operator()(unsigned x) const { return x >> 12; } };
struct low_bits { __host__ __device__ unsigned long long operator()(unsigned x) const { return x & 0xffff; } };

// Order-sensitive digest of a vector's contents.
template <class T> unsigned long long digest(const thrust::device_vector<T>& v) {
  thrust::host_vector<T> h(v);
  unsigned long long d = 1469598103934665603ull;
  for (size_t i = 0; i < h.size(); ++i) d = (d ^ static_cast<unsigned long long>(h[i])) * 1099511628211ull;
  return d;
}

template <int Threads> __global__ void block_algorithms(const unsigned* in, unsigned long long* sums, unsigned* scans) {
  using Reduce = cub::BlockReduce<unsigned long long, Threads>;
  using Scan = cub::BlockScan<unsigned, Threads>;
  using Warp = cub::WarpReduce<unsigned>;
  __shared__ typename Reduce::TempStorage reduce;
  __shared__ typename Scan::TempStorage scan;
  __shared__ typename Warp::TempStorage warp[Threads / 32];
  unsigned v = in[blockIdx.x * Threads + threadIdx.x] & 0xfff;
  unsigned long long s = Reduce(reduce).Sum(v);
  unsigned prefix;
  Scan(scan).InclusiveSum(v, prefix);
  unsigned w = Warp(warp[threadIdx.x / 32]).Sum(v);
  scans[blockIdx.x * Threads + threadIdx.x] = prefix;
  if (threadIdx.x == 0) sums[blockIdx.x] = s;
  if (threadIdx.x % 32 == 0) scans[blockIdx.x * Threads + threadIdx.x] += w;
}

void thrust_algorithms(int n) {
  thrust::device_vector<unsigned> keys(n);
  thrust::transform(thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>(n), keys.begin(), mix());
  thrust::device_vector<unsigned> values(thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>(n));
  printf("n=%d reduce %llu\n", n, (unsigned long long)thrust::reduce(keys.begin(), keys.end(), 0ull));
  printf("n=%d transform_reduce %llu\n", n, thrust::transform_reduce(keys.begin(), keys.end(), low_bits(), 0ull, thrust::plus<unsigned long long>()));
  thrust::device_vector<unsigned> scanned(n);
  thrust::inclusive_scan(keys.begin(), keys.end(), scanned.begin());
  printf("n=%d inclusive_scan %016llx\n", n, digest(scanned));
  thrust::device_vector<unsigned> odd(n);
  auto end = thrust::copy_if(keys.begin(), keys.end(), odd.begin(), is_odd());
  odd.resize(end - odd.begin());
  printf("n=%d copy_if %zu %016llx\n", n, odd.size(), digest(odd));
  thrust::device_vector<unsigned> sorted = keys;
  thrust::sort(sorted.begin(), sorted.end());
  printf("n=%d sort %016llx\n", n, digest(sorted));
  thrust::device_vector<unsigned> k2 = keys, v2 = values;
  thrust::sort_by_key(k2.begin(), k2.end(), v2.begin());
  printf("n=%d sort_by_key %016llx %016llx\n", n, digest(k2), digest(v2));
  thrust::transform(sorted.begin(), sorted.end(), sorted.begin(), high_bits());
  sorted.resize(thrust::unique(sorted.begin(), sorted.end()) - sorted.begin());
  printf("n=%d unique %zu %016llx\n", n, sorted.size(), digest(sorted));
}

void cub_algorithms(int n) {
  thrust::device_vector<unsigned> keys(n);
  thrust::transform(thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>(n), keys.begin(), mix());
  const unsigned* in = thrust::raw_pointer_cast(keys.data());
  thrust::device_vector<unsigned> out(n), vals_in(thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>(n)), vals_out(n);
  thrust::device_vector<unsigned long long> sum(1);
  thrust::device_vector<int> count(1);
  void* temp = nullptr;
  size_t bytes = 0, need = 0;
  auto grow = [&] { if (need > bytes) { cudaFree(temp); cudaMalloc(&temp, need); bytes = need; } };
  cub::DeviceRadixSort::SortPairs(nullptr, need, in, thrust::raw_pointer_cast(out.data()), thrust::raw_pointer_cast(vals_in.data()), thrust::raw_pointer_cast(vals_out.data()), n); grow();
  cub::DeviceRadixSort::SortPairs(temp, need, in, thrust::raw_pointer_cast(out.data()), thrust::raw_pointer_cast(vals_in.data()), thrust::raw_pointer_cast(vals_out.data()), n);
  printf("n=%d DeviceRadixSort::SortPairs %016llx %016llx\n", n, digest(out), digest(vals_out));
  thrust::device_vector<unsigned long long> wide(keys.begin(), keys.end());
  cub::DeviceReduce::Sum(nullptr, need, thrust::raw_pointer_cast(wide.data()), thrust::raw_pointer_cast(sum.data()), n); grow();
  cub::DeviceReduce::Sum(temp, need, thrust::raw_pointer_cast(wide.data()), thrust::raw_pointer_cast(sum.data()), n);
  printf("n=%d DeviceReduce::Sum %llu\n", n, (unsigned long long)sum[0]);
  cub::DeviceScan::ExclusiveSum(nullptr, need, in, thrust::raw_pointer_cast(out.data()), n); grow();
  cub::DeviceScan::ExclusiveSum(temp, need, in, thrust::raw_pointer_cast(out.data()), n);
  printf("n=%d DeviceScan::ExclusiveSum %016llx\n", n, digest(out));
  cub::DeviceSelect::If(nullptr, need, in, thrust::raw_pointer_cast(out.data()), thrust::raw_pointer_cast(count.data()), n, is_odd()); grow();
  cub::DeviceSelect::If(temp, need, in, thrust::raw_pointer_cast(out.data()), thrust::raw_pointer_cast(count.data()), n, is_odd());
  int selected = count[0];
  out.resize(selected);
  printf("n=%d DeviceSelect::If %d %016llx\n", n, selected, digest(out));
  int segments = 1000;
  thrust::device_vector<int> offsets(segments + 1);
  thrust::host_vector<int> h(segments + 1);
  for (int i = 0; i <= segments; ++i) h[i] = static_cast<int>(static_cast<long long>(n) * i * i / (static_cast<long long>(segments) * segments));
  offsets = h;
  thrust::device_vector<unsigned long long> seg(segments);
  const int* o = thrust::raw_pointer_cast(offsets.data());
  cub::DeviceSegmentedReduce::Sum(nullptr, need, thrust::raw_pointer_cast(wide.data()), thrust::raw_pointer_cast(seg.data()), segments, o, o + 1); grow();
  cub::DeviceSegmentedReduce::Sum(temp, need, thrust::raw_pointer_cast(wide.data()), thrust::raw_pointer_cast(seg.data()), segments, o, o + 1);
  printf("n=%d DeviceSegmentedReduce::Sum %016llx\n", n, digest(seg));
  thrust::device_vector<int> histogram(256);
  cub::DeviceHistogram::HistogramEven(nullptr, need, in, thrust::raw_pointer_cast(histogram.data()), 257, 0u, 1u << 31, n); grow();
  cub::DeviceHistogram::HistogramEven(temp, need, in, thrust::raw_pointer_cast(histogram.data()), 257, 0u, 1u << 31, n);
  printf("n=%d DeviceHistogram::HistogramEven %016llx\n", n, digest(histogram));
  cudaFree(temp);
  constexpr int threads = 256;
  int blocks = n / threads;
  thrust::device_vector<unsigned long long> sums(blocks);
  thrust::device_vector<unsigned> scans(blocks * threads);
  block_algorithms<threads><<<blocks, threads>>>(in, thrust::raw_pointer_cast(sums.data()), thrust::raw_pointer_cast(scans.data()));
  printf("n=%d BlockReduce/BlockScan/WarpReduce %016llx %016llx\n", n, digest(sums), digest(scans));
}

int main() {
  for (int n : {1 << 20, 1 << 25}) {
    thrust_algorithms(n);
    cub_algorithms(n);
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
}
