// Warp-level intrinsics: shuffles, votes, match, popc. (__reduce_add_sync needs sm_80:
// not here, where sm_75 is a target too.)
#include <cuda_runtime.h>
#include <cstdio>

__global__ void warp(int* out) {
  int lane = threadIdx.x & 31;
  unsigned full = 0xffffffffu;
  int v = lane * 3 + 1;
  int i = 0;
  out[i++ * 32 + lane] = __shfl_sync(full, v, 5);
  out[i++ * 32 + lane] = __shfl_up_sync(full, v, 2);
  out[i++ * 32 + lane] = __shfl_down_sync(full, v, 3);
  out[i++ * 32 + lane] = __shfl_xor_sync(full, v, 1);
  out[i++ * 32 + lane] = (int)__ballot_sync(full, lane % 3 == 0);
  out[i++ * 32 + lane] = __all_sync(full, v > 0);
  out[i++ * 32 + lane] = __any_sync(full, lane == 31);
  out[i++ * 32 + lane] = (int)__activemask();
  out[i++ * 32 + lane] = (int)__match_any_sync(full, lane / 8);
  out[i++ * 32 + lane] = __popc(__ballot_sync(full, lane & 1));
  float f = __shfl_sync(full, lane * 0.5f, 31 - lane);
  out[i++ * 32 + lane] = (int)(f * 2);
}

int main() {
  const int rows = 11;
  int* out;
  cudaMallocManaged(&out, rows * 32 * sizeof(int));
  warp<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  for (int r = 0; r < rows; ++r) {
    printf("row %2d:", r);
    for (int l = 0; l < 32; ++l) printf(" %d", out[r * 32 + l]);
    printf("\n");
  }
}
