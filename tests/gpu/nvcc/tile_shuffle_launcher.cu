// An untagged host function launching a kernel whose body shuffles a uint4 through
// a cooperative-groups tile: the kernel's device-only code does not make the
// launching function device-only.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void swap_neighbours(uint4* out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  uint4 mine = make_uint4(threadIdx.x, threadIdx.x * 2, threadIdx.x * 3, 7);
  out[threadIdx.x] = tile.shfl_xor(mine, 1);
}

void launch(uint4* out) { swap_neighbours<<<1, 32>>>(out); }

int main() {
  uint4* d = nullptr;
  cudaMalloc(&d, 32 * sizeof(uint4));
  launch(d);
  uint4 h[32];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("lane 0 got %u %u %u %u; lane 31 got %u\n", h[0].x, h[0].y, h[0].z, h[0].w, h[31].x);
  cudaFree(d);
}
