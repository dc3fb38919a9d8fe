// CUDA graphs: a stream's work (memset, two kernels, a copy) is captured into a
// graph, instantiated once and replayed 20 times; a second graph is built node by
// node with kernel-node parameters. The host checks the accumulated results.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void add(int* v, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += k + i % 3;
}
__global__ void scale(int* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * 2 % 1000003;
}

int main() {
  const int n = 4096;
  int *acc, *host;
  cudaMalloc(&acc, n * 4);
  cudaMallocHost(&host, n * 4);
  cudaMemset(acc, 0, n * 4);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  add<<<n / 256, 256, 0, s>>>(acc, n, 5);
  scale<<<n / 256, 256, 0, s>>>(acc, n);
  cudaMemcpyAsync(host, acc, n * 4, cudaMemcpyDeviceToHost, s);
  cudaStreamEndCapture(s, &g);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, g, 0);
  size_t nodes = 0;
  cudaGraphGetNodes(g, nullptr, &nodes);
  for (int i = 0; i < 20; ++i) cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  printf("captured graph: %zu nodes, after 20 replays: %d %d %d\n", nodes, host[0], host[1], host[4095]);

  // Built by hand: one kernel node.
  cudaGraph_t g2;
  cudaGraphCreate(&g2, 0);
  int k = 1000;
  int count = n;
  void* args[] = {&acc, &count, &k};
  cudaKernelNodeParams p = {};
  p.func = (void*)add;
  p.gridDim = dim3(n / 256);
  p.blockDim = dim3(256);
  p.kernelParams = args;
  cudaGraphNode_t node;
  cudaGraphAddKernelNode(&node, g2, nullptr, 0, &p);
  cudaGraphExec_t exec2;
  cudaGraphInstantiate(&exec2, g2, 0);
  cudaGraphLaunch(exec2, s);
  cudaMemcpyAsync(host, acc, n * 4, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  printf("built graph: %d %d %d; %s\n", host[0], host[1], host[4095], cudaGetErrorString(cudaGetLastError()));
}
