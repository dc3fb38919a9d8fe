// cooperative_groups' cluster API in code guarded by __CUDA_ARCH__ >= 900, built with
// sm_75 among the targets, as nvcc builds it. circle's one pass reads cooperative_groups'
// features for sm_75 (frontend/toolkit_headers.h), which has no clusters; the source is
// then compiled a pass per target (-Rcircle-passes says so), and sm_90's pass keeps
// elect.sync behind cg::invoke_one.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void neighbours(int* out) {
  __shared__ int mine;
#if __CUDA_ARCH__ >= 900
  cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x == 0) mine = int(blockIdx.x) * 10 + 3;
  cluster.sync();
  int other = *cluster.map_shared_rank(&mine, cluster.block_rank() ^ 1);
  cluster.sync();
  if (threadIdx.x == 0) out[blockIdx.x] = other + 1000 * int(cluster.num_blocks());
#else
  if (threadIdx.x == 0) out[blockIdx.x] = -1;
#endif
}

__global__ void elect(int* out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  cg::invoke_one(warp, [&] { atomicAdd(out, 1); });
  int leader = cg::invoke_one_broadcast(warp, [&] { return int(threadIdx.x) + 7; });
  atomicAdd(out + 1, leader);
}

int main() {
  int* d = nullptr;
  cudaMalloc(&d, 16 * sizeof(int));
  cudaMemset(d, 0, 16 * sizeof(int));
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(8);
  config.blockDim = dim3(32);
  cudaLaunchAttribute cluster;
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = 2;
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  config.attrs = &cluster;
  config.numAttrs = 1;
  cudaError_t launched = cudaLaunchKernelEx(&config, neighbours, d);
  elect<<<4, 128>>>(d + 8);
  int h[16];
  cudaError_t copied = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("launch: %s, copy: %s\n", cudaGetErrorString(launched), cudaGetErrorString(copied));
  printf("neighbours:");
  for (int i = 0; i < 8; ++i) printf(" %d", h[i]);
  printf("\nelected %d, leaders' sum %d\n", h[8], h[9]);
  cudaFree(d);
  return 0;
}
