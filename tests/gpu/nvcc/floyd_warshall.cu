// All-pairs shortest paths (Floyd-Warshall) on a 192-vertex weighted digraph: one
// kernel launch per intermediate vertex k, one thread per (i, j); the host checks a
// few paths and prints the distance checksum.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int V = 192, INF = 1 << 28;

__global__ void relax(int* d, int k) {
  int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= V || j >= V) return;
  int through = d[i * V + k] + d[k * V + j];
  if (through < d[i * V + j]) d[i * V + j] = through;
}

int main() {
  std::vector<int> d(V * V, INF);
  for (int i = 0; i < V; ++i) {
    d[i * V + i] = 0;
    for (int e = 1; e <= 3; ++e) {
      int j = (i * 7 + e * 13) % V;
      if (j != i) d[i * V + j] = 1 + (i * 31 + j * 17) % 50;
    }
  }
  int* dd;
  cudaMalloc(&dd, V * V * 4);
  cudaMemcpy(dd, d.data(), V * V * 4, cudaMemcpyHostToDevice);
  dim3 block(16, 16), grid(V / 16, V / 16);
  for (int k = 0; k < V; ++k) relax<<<grid, block>>>(dd, k);
  cudaMemcpy(d.data(), dd, V * V * 4, cudaMemcpyDeviceToHost);
  long sum = 0;
  int unreachable = 0, longest = 0;
  for (int v : d) {
    if (v >= INF) ++unreachable;
    else sum += v, longest = v > longest ? v : longest;
  }
  printf("%s: sum %ld, unreachable %d, diameter %d\n", cudaGetErrorString(cudaGetLastError()), sum, unreachable,
         longest);
  printf("d(0,1) %d d(5,100) %d d(191,0) %d\n", d[1], d[5 * V + 100], d[191 * V]);
}
