// CCCL in one pass: Thrust algorithms on device_vectors, CUB device-wide radix sort
// and a block-wide reduction, libcu++'s cuda::std::atomic and cuda::atomic_ref.
// (CUB tunes by one compile-time PTX version: circle instantiates its kernels per sm.)
#include <cub/block/block_reduce.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <cstdio>
#include <vector>

struct square {
  __host__ __device__ long operator()(int x) const { return static_cast<long>(x) * x; }
};

template <int Threads>
__global__ void block_sums(const int* in, int* out) {
  using Reduce = cub::BlockReduce<int, Threads>;
  __shared__ typename Reduce::TempStorage temp;
  int v = in[blockIdx.x * Threads + threadIdx.x];
  int sum = Reduce(temp).Sum(v);
  int max = 0;
  __syncthreads();
  max = Reduce(temp).Reduce(v, cuda::maximum<>{});
  if (threadIdx.x == 0) out[2 * blockIdx.x] = sum, out[2 * blockIdx.x + 1] = max;
}

__global__ void count_atomics(cuda::std::atomic<int>* counter, int* plain, unsigned* bits) {
  counter->fetch_add(1, cuda::std::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_device> ref(*plain);
  ref.fetch_add(2);
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> b(bits[blockIdx.x]);
  b.fetch_or(1u << (threadIdx.x % 32));
}

int main() {
  const int n = 100000;
  thrust::host_vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 7919 + 13) % 100003 - 50000;
  thrust::device_vector<int> d = h;
  thrust::sort(d.begin(), d.end());
  long total = thrust::reduce(d.begin(), d.end(), 0L);
  long squares = thrust::transform_reduce(d.begin(), d.end(), square{}, 0L, thrust::plus<long>());
  int first = d.front(), last = d.back(), mid = d[n / 2];
  printf("thrust: sorted %d .. %d (median %d), sum %ld, sum of squares %ld\n", first, last, mid, total, squares);
  thrust::sort(d.begin(), d.end(), thrust::greater<int>());
  printf("thrust descending: %d %d %d\n", (int)d[0], (int)d[1], (int)d[n - 1]);
  thrust::device_vector<float> seq(10);
  thrust::sequence(seq.begin(), seq.end(), 0.5f, 1.5f);
  printf("thrust sequence: %.1f %.1f %.1f\n", (float)seq[0], (float)seq[5], (float)seq[9]);

  // cub::DeviceRadixSort on keys and values.
  const int m = 5000;
  std::vector<unsigned> keys(m), values(m);
  for (int i = 0; i < m; ++i) keys[i] = (i * 2654435761u) >> 12, values[i] = i;
  unsigned *dk_in, *dk_out, *dv_in, *dv_out;
  cudaMalloc(&dk_in, m * 4), cudaMalloc(&dk_out, m * 4), cudaMalloc(&dv_in, m * 4), cudaMalloc(&dv_out, m * 4);
  cudaMemcpy(dk_in, keys.data(), m * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dv_in, values.data(), m * 4, cudaMemcpyHostToDevice);
  size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, dk_in, dk_out, dv_in, dv_out, m);
  void* temp;
  cudaMalloc(&temp, temp_bytes);
  cudaError_t err = cub::DeviceRadixSort::SortPairs(temp, temp_bytes, dk_in, dk_out, dv_in, dv_out, m);
  cudaMemcpy(keys.data(), dk_out, m * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(values.data(), dv_out, m * 4, cudaMemcpyDeviceToHost);
  bool sorted = true;
  for (int i = 1; i < m; ++i) sorted &= keys[i - 1] <= keys[i];
  printf("cub radix sort: %s, sorted %s, keys %u %u %u, values %u %u\n", cudaGetErrorString(err),
         sorted ? "yes" : "no", keys[0], keys[m / 2], keys[m - 1], values[0], values[m - 1]);

  // cub::BlockReduce: 4 blocks of 128.
  std::vector<int> in(512);
  for (int i = 0; i < 512; ++i) in[i] = (i * 37) % 101 - 20;
  int *din, *dout;
  cudaMalloc(&din, 512 * 4), cudaMalloc(&dout, 8 * 4);
  cudaMemcpy(din, in.data(), 512 * 4, cudaMemcpyHostToDevice);
  block_sums<128><<<4, 128>>>(din, dout);
  int out[8];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  printf("cub block reduce:");
  for (int b = 0; b < 4; ++b) printf(" [sum %d max %d]", out[2 * b], out[2 * b + 1]);
  printf("\n");

  // libcu++ atomics.
  cuda::std::atomic<int>* counter;
  int* plain;
  unsigned* bits;
  cudaMallocManaged(&counter, sizeof *counter);
  cudaMallocManaged(&plain, sizeof *plain);
  cudaMallocManaged(&bits, 8 * sizeof *bits);
  new (counter) cuda::std::atomic<int>(0);
  *plain = 0;
  for (int i = 0; i < 8; ++i) bits[i] = 0;
  count_atomics<<<8, 96>>>(counter, plain, bits);
  err = cudaDeviceSynchronize();
  printf("libcu++ atomics: %s, counter %d, atomic_ref %d, bits %08x %08x\n", cudaGetErrorString(err),
         counter->load(), *plain, bits[0], bits[7]);
}
