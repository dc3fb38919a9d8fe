// Device stdio in a kernel that circle's host code never launched (here through a
// CUDA graph only), so its module has no channel to the host: stdout and stderr fall
// back to device printf, and opening a file fails with ENOSYS
// (libdevice-c/runtime/stdio.cpp).
#include <cuda_runtime.h>
#include <cerrno>
#include <cstdio>

__global__ void noChannel(int* result) {
  fprintf(stdout, "stdout through device printf: %d\n", 42);
  fputs("stderr through device printf too\n", stderr);
  errno = 0;
  FILE* f = fopen("/tmp/circle_stdio_fallback.txt", "w");
  result[0] = f == nullptr;
  result[1] = errno == ENOSYS;
}

int main() {
  int* d;
  cudaMalloc(&d, 2 * sizeof(int));
  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  void* args[] = {&d};
  cudaKernelNodeParams params = {};
  params.func = reinterpret_cast<void*>(noChannel);
  params.gridDim = dim3(1);
  params.blockDim = dim3(1);
  params.kernelParams = args;
  cudaGraphNode_t node;
  cudaGraphAddKernelNode(&node, graph, nullptr, 0, &params);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, 0);
  cudaError_t e = cudaDeviceSynchronize();
  int h[2] = {};
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("graph launch: %s; fopen failed %d with ENOSYS %d\n", cudaGetErrorString(e), h[0], h[1]);
}
