// gpu-suite: sm_90
// A CUDA graph with a while-loop conditional node whose body kernel sets the
// condition with cudaGraphSetConditional (from libcudadevrt, without -rdc).
#include <cstdio>

__global__ void step(cudaGraphConditionalHandle handle, int* counter, int limit) {
  int next = ++*counter;
  cudaGraphSetConditional(handle, next < limit ? 1 : 0);
}

int main() {
  int* counter = nullptr;
  cudaMalloc(&counter, sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  cudaGraphConditionalHandle handle;
  cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault);

  cudaGraphNodeParams cond = {};
  cond.type = cudaGraphNodeTypeConditional;
  cond.conditional.handle = handle;
  cond.conditional.type = cudaGraphCondTypeWhile;
  cond.conditional.size = 1;
  cudaGraphNode_t condNode;
  cudaError_t e = cudaGraphAddNode(&condNode, graph, nullptr, nullptr, 0, &cond);
  if (e != cudaSuccess) {
    std::printf("add conditional node: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaGraph_t body = cond.conditional.phGraph_out[0];

  int limit = 7;
  void* args[] = {&handle, &counter, &limit};
  cudaGraphNodeParams kernel = {};
  kernel.type = cudaGraphNodeTypeKernel;
  kernel.kernel.func = (void*)step;
  kernel.kernel.gridDim = dim3(1);
  kernel.kernel.blockDim = dim3(1);
  kernel.kernel.kernelParams = args;
  cudaGraphNode_t kernelNode;
  cudaGraphAddNode(&kernelNode, body, nullptr, nullptr, 0, &kernel);

  cudaGraphExec_t exec;
  e = cudaGraphInstantiate(&exec, graph, 0);
  if (e == cudaSuccess) e = cudaGraphLaunch(exec, 0);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpy(&h, counter, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("while-loop graph ran its body %d times: %s\n", h, cudaGetErrorString(e));
  return 0;
}
