// gpu-suite: sm_90
// Launch-side APIs that take a kernel: 100 KB of dynamic shared memory after
// cudaFuncSetAttribute, cudaOccupancyMaxPotentialBlockSize and
// cudaOccupancyMaxActiveBlocksPerMultiprocessor; and a thread block cluster
// (cooperative_groups' this_cluster(), sm_90) declared with __cluster_dims__, whose
// blocks read each other's shared memory.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void big_smem(int* out, int n) {
  extern __shared__ int buf[];
  for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = i * 3;
  __syncthreads();
  int s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += buf[n - 1 - i];
  atomicAdd(out, s);
}

__global__ void __cluster_dims__(2, 1, 1) cluster_swap(int* out) {
  __shared__ int mine;
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  if (threadIdx.x == 0) mine = 100 + int(rank);
  cluster.sync();
  int* other = cluster.map_shared_rank(&mine, rank ^ 1);
  if (threadIdx.x == 0) out[blockIdx.x] = *other;
  cluster.sync();
}

int main() {
  const int n = 25000; // 100,000 bytes
  int* out;
  cudaMallocManaged(&out, 8 * sizeof(int));
  *out = 0;
  cudaError_t e = cudaFuncSetAttribute(big_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, n * 4);
  big_smem<<<1, 256, n * 4>>>(out, n);
  cudaError_t l = cudaDeviceSynchronize();
  printf("dynamic smem: %s %s sum %d\n", cudaGetErrorString(e), cudaGetErrorString(l), *out);
  int minGrid = 0, block = 0, active = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, big_smem, 0, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, big_smem, 256, 1024);
  printf("occupancy: block %d, min grid a multiple of the SMs: %s, active blocks of 256 %d\n", block,
         minGrid > 0 ? "yes" : "no", active);
  cluster_swap<<<4, 32>>>(out);
  cudaError_t c = cudaDeviceSynchronize();
  printf("cluster: %s %d %d %d %d\n", cudaGetErrorString(c), out[0], out[1], out[2], out[3]);
}
