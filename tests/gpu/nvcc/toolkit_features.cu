// What the toolkit's headers choose by target at namespace scope: cuda_pipeline's
// asynchronous copy (cp.async on sm_80 and newer), cooperative_groups' elect.sync
// (sm_90) behind cg::invoke_one, and cg::memcpy_async. circle chooses such macros for
// the sm whose features every target has (frontend/toolkit_headers.h); nvcc per target.
// toolkit_features_sm90.cu builds this for sm_90 alone.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cuda_pipeline.h>
#include <cstdio>

namespace cg = cooperative_groups;

constexpr int kN = 256;

template <class T> __global__ void stages(const T* in, long long* out) {
  __shared__ T s[2][kN];
  long long sum = 0;
  for (int stage = 0; stage < 4; ++stage) {
    int buf = stage & 1;
    __pipeline_memcpy_async(&s[buf][threadIdx.x], &in[stage * kN + threadIdx.x], sizeof(T));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&s[buf][(threadIdx.x * 7) % kN]);
    for (unsigned b = 0; b < sizeof(T); ++b) sum += bytes[b] * (b + 1);
    __syncthreads();
  }
  atomicAdd(reinterpret_cast<unsigned long long*>(out), (unsigned long long)sum);
}

__global__ void groups(const int* in, int* out) {
  __shared__ int s[kN];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, s, in, sizeof(int) * kN);
  cg::wait(block);
  auto tile = cg::tiled_partition<32>(block);
  int total = cg::reduce(tile, s[block.thread_rank()], cg::plus<int>());
  cg::invoke_one(tile, [&] { atomicAdd(&out[0], total); });
  int leader = cg::invoke_one_broadcast(tile, [&] { return (int)block.thread_rank() + 1000; });
  if (tile.thread_rank() == 5) out[1 + tile.meta_group_rank()] = leader;
  if (threadIdx.x % 3 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    cg::invoke_one(active, [&] { atomicAdd(&out[9], 1); });
  }
}

int main() {
  unsigned char* bytes;
  cudaMallocManaged(&bytes, 16 * 4 * kN);
  for (int i = 0; i < 16 * 4 * kN; ++i) bytes[i] = (unsigned char)(i * 37 + (i >> 5));
  long long* sums;
  cudaMallocManaged(&sums, 3 * sizeof(long long));
  for (int i = 0; i < 3; ++i) sums[i] = 0;
  stages<int><<<1, kN>>>(reinterpret_cast<const int*>(bytes), &sums[0]);
  stages<int2><<<1, kN>>>(reinterpret_cast<const int2*>(bytes), &sums[1]);
  stages<int4><<<1, kN>>>(reinterpret_cast<const int4*>(bytes), &sums[2]);
  int *in, *out;
  cudaMallocManaged(&in, kN * sizeof(int));
  cudaMallocManaged(&out, 10 * sizeof(int));
  for (int i = 0; i < kN; ++i) in[i] = i * i % 101;
  for (int i = 0; i < 10; ++i) out[i] = 0;
  groups<<<1, kN>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  printf("pipeline sums: %lld %lld %lld\n", sums[0], sums[1], sums[2]);
  printf("groups:");
  for (int i = 0; i < 10; ++i) printf(" %d", out[i]);
  printf("\n");
}
