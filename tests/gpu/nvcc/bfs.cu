// Breadth-first search, level-synchronous: each level's frontier expands in one kernel
// (one thread per vertex of the frontier, atomicCAS to claim unvisited neighbours)
// over a CSR graph of 50000 vertices; the host prints the level sizes.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void expand(const int* ptr, const int* adj, const int* frontier, int frontier_size, int* level,
                       int* next, int* next_size, int depth) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= frontier_size) return;
  int v = frontier[i];
  for (int k = ptr[v]; k < ptr[v + 1]; ++k) {
    int u = adj[k];
    if (atomicCAS(&level[u], -1, depth + 1) == -1) next[atomicAdd(next_size, 1)] = u;
  }
}

int main() {
  const int n = 50000;
  std::vector<int> ptr{0}, adj;
  for (int v = 0; v < n; ++v) {
    for (int e : {1, 2, 3}) adj.push_back((int)((v * 48271ull * e + 11 * e) % n));
    if (v % 100 == 0) adj.push_back((v + 1) % n);
    ptr.push_back((int)adj.size());
  }
  int *dptr, *dadj, *level, *a, *b, *size;
  cudaMalloc(&dptr, ptr.size() * 4), cudaMalloc(&dadj, adj.size() * 4);
  cudaMalloc(&level, n * 4), cudaMalloc(&a, n * 4), cudaMalloc(&b, n * 4);
  cudaMallocManaged(&size, 4);
  cudaMemcpy(dptr, ptr.data(), ptr.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dadj, adj.data(), adj.size() * 4, cudaMemcpyHostToDevice);
  cudaMemset(level, 0xff, n * 4);
  int zero = 0;
  cudaMemcpy(level, &zero, 4, cudaMemcpyHostToDevice);
  cudaMemcpy(a, &zero, 4, cudaMemcpyHostToDevice);
  int frontier = 1, depth = 0, reached = 1;
  printf("level 0: 1\n");
  while (frontier > 0) {
    *size = 0;
    expand<<<(frontier + 255) / 256, 256>>>(dptr, dadj, a, frontier, level, b, size, depth);
    cudaDeviceSynchronize();
    frontier = *size;
    ++depth;
    reached += frontier;
    if (frontier) printf("level %d: %d\n", depth, frontier);
    int* t = a;
    a = b, b = t;
  }
  std::vector<int> h(n);
  cudaMemcpy(h.data(), level, n * 4, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int l : h) sum += l;
  printf("reached %d of %d, level sum %ld\n", reached, n, sum);
}
