// Cooperative groups: the block, static and dynamic tiles, reduce, shuffles through
// groups, coalesced threads.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void groups(int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
  cg::thread_group tile4 = cg::tiled_partition(block, 4);
  int t = block.thread_rank();
  int sum8 = cg::reduce(tile8, t, cg::plus<int>());
  int first = tile8.shfl(t, 0);
  block.sync();
  tile4.sync();
  if (t % 2 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    out[64 + t / 2] = active.size() * 1000 + active.thread_rank();
  }
  out[t] = sum8 * 100 + first + (int)tile4.size() * 10000 + (int)block.size() * 1000000;
}

int main() {
  int* out;
  cudaMallocManaged(&out, 96 * sizeof(int));
  groups<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  long long s = 0;
  for (int k = 0; k < 96; ++k) s += (long long)out[k] * (k + 1);
  printf("out[0] %d out[9] %d out[64] %d out[95] %d checksum %lld\n", out[0], out[9], out[64], out[95], s);
}
