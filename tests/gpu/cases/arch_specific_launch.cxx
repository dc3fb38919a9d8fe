// An arch-specific target beside its plain one (-sm_90 -sm_90a): the H100 runs the
// sm_90a image, which `if target(__nvvm_arch == sm_90a)` and a statement guard on
// __CUDA_ARCH_FEAT_SM90_ALL both see; a launch naming sm_90a as its PTX target (the
// 5th argument) passes the -g check there, since both report PTX version 90. CCCL's
// NV_HAS_FEATURE_SM_90a holds there too.
#include <cstdio>
#include <nv/target>

__global__ void which(int* out) {
  if target(__nvvm_arch == sm_90a) out[0] = 1;
  else out[0] = 2;
#ifdef __CUDA_ARCH_FEAT_SM90_ALL
  out[1] = __CUDA_ARCH_SPECIFIC__;
#else
  out[1] = -1;
#endif
  out[2] = __nvvm_current_device_sm;
  NV_IF_ELSE_TARGET(NV_HAS_FEATURE_SM_90a, (out[3] = 1;), (out[3] = 2;));
}

int main() {
  int* d;
  cudaMalloc(&d, 4 * sizeof(int));
  which<<<1, 1, 0, 0, sm_90a>>>(d);
  int h[4] = {};
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("if target: %s, __CUDA_ARCH_SPECIFIC__ %d, __nvvm_current_device_sm %d, NV_HAS_FEATURE_SM_90a: %s\n",
         h[0] == 1 ? "sm_90a" : "not sm_90a", h[1], h[2], h[3] == 1 ? "yes" : "no");
  printf("targets:");
  for (nvvm_arch_t a : nvvm_arch_values) printf(" %s", nvvm_arch_name(a));
  printf("\n%s\n", cudaGetErrorString(cudaGetLastError()));
}
