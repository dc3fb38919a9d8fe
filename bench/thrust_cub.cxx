// Benchmark source: CCCL through its one-pass path — Thrust sort/reduce on a
// device_vector and a CUB block reduction (CUB's kernels instantiated per sm's policy).
#include <cub/block/block_reduce.cuh>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <cstdio>

__global__ void block_sum(const int* in, int* out) {
  using Reduce = cub::BlockReduce<int, 128>;
  __shared__ Reduce::TempStorage temp;
  int s = Reduce(temp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

int main() {
  thrust::device_vector<int> v(1 << 16);
  for (int i = 0; i < 16; ++i) v[i] = 16 - i;
  thrust::sort(v.begin(), v.end());
  thrust::device_vector<int> sums(v.size() / 128);
  block_sum<<<v.size() / 128, 128>>>(thrust::raw_pointer_cast(v.data()), thrust::raw_pointer_cast(sums.data()));
  printf("%d %d\n", thrust::reduce(v.begin(), v.end()), (int)sums[0]);
}
