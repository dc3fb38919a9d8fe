// Grid-wide synchronisation through cooperative groups and cudaLaunchCooperativeKernel:
// every block writes, the whole grid syncs, then every block reads the others' values.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void twophase(int* slots, int* sums) {
  cg::grid_group grid = cg::this_grid();
  slots[blockIdx.x] = blockIdx.x + 1;
  grid.sync();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int b = 0; b < gridDim.x; ++b) s += slots[b];
    sums[blockIdx.x] = s;
  }
}

int main() {
  int blocks = 8;
  int *slots, *sums;
  cudaMallocManaged(&slots, blocks * sizeof(int));
  cudaMallocManaged(&sums, blocks * sizeof(int));
  void* args[] = {&slots, &sums};
  cudaError_t err = cudaLaunchCooperativeKernel((void*)twophase, blocks, 64, args, 0, 0);
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  printf("%s:", cudaGetErrorString(err));
  for (int b = 0; b < blocks; ++b) printf(" %d", sums[b]);
  printf("\n");
}
