// gpu-suite: sm_90a
// Arch-specific code (nvcc's -arch=sm_90a): instructions only sm_90a has, behind
// __CUDA_ARCH_FEAT_SM90_ALL in a kernel body, and the macros only that target defines.
// Built for sm_90a (and sm_90's PTX, as nvcc's -arch=sm_90a does); the H100 runs
// the sm_90a cubin.
#include <cstdio>

__global__ void which_path(int* out) {
  int lane = threadIdx.x;
#ifdef __CUDA_ARCH_FEAT_SM90_ALL
  // wgmma's fences exist on sm_90a only: ptxas refuses them for sm_90.
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  out[lane] = 1000000 + __CUDA_ARCH_SPECIFIC__ * 100 + lane;
#elif defined(__CUDA_ARCH__)
  out[lane] = 2000000 + __CUDA_ARCH__ * 100 + lane;
#endif
}

__global__ void family(int* out) {
#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ >= 900
  out[0] = __CUDA_ARCH_FAMILY_SPECIFIC__;
#else
  out[0] = -1;
#endif
}

int main() {
  int* d;
  cudaMalloc(&d, 128 * sizeof(int));
  which_path<<<1, 128>>>(d);
  int h[128] = {};
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int v : h) sum += v;
  printf("first %d last %d sum %ld\n", h[0], h[127], sum);
  family<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("family-specific %d\n", h[0]);
  printf("arch list %d\n", __CUDA_ARCH_LIST__);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
