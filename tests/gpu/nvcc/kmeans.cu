// k-means clustering of 20000 2-D points (fixed point, 4 clusters): an assignment
// kernel (nearest centroid) and an accumulation kernel with atomics, ten iterations,
// centroids updated on the host.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int K = 4;

__global__ void assign(const int2* p, int n, const int2* c, int* label, long long* sums, int* counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int best = 0;
  long long bestd = -1;
  for (int k = 0; k < K; ++k) {
    long long dx = p[i].x - c[k].x, dy = p[i].y - c[k].y, d = dx * dx + dy * dy;
    if (bestd < 0 || d < bestd) bestd = d, best = k;
  }
  label[i] = best;
  atomicAdd((unsigned long long*)&sums[2 * best], (unsigned long long)(long long)p[i].x);
  atomicAdd((unsigned long long*)&sums[2 * best + 1], (unsigned long long)(long long)p[i].y);
  atomicAdd(&counts[best], 1);
}

int main() {
  const int n = 20000;
  std::vector<int2> pts(n);
  unsigned s = 7;
  auto rnd = [&] { return s = s * 1664525u + 1013904223u, (int)(s >> 20) - 2048; };
  int cx[K] = {-3000, 2500, 0, 3500}, cy[K] = {-2000, -2500, 3000, 2800};
  for (int i = 0; i < n; ++i) {
    int dx = rnd() / 2, dy = rnd() / 2; // in this order (argument order is the compiler's choice)
    pts[i] = make_int2(cx[i % K] + dx, cy[i % K] + dy);
  }
  std::vector<int2> c = {pts[0], pts[1], pts[2], pts[5]};
  int2 *dp, *dc;
  int *label, *counts;
  long long* sums;
  cudaMalloc(&dp, n * sizeof(int2)), cudaMalloc(&dc, K * sizeof(int2)), cudaMalloc(&label, n * 4);
  cudaMallocManaged(&sums, 2 * K * 8), cudaMallocManaged(&counts, K * 4);
  cudaMemcpy(dp, pts.data(), n * sizeof(int2), cudaMemcpyHostToDevice);
  for (int it = 0; it < 10; ++it) {
    cudaMemcpy(dc, c.data(), K * sizeof(int2), cudaMemcpyHostToDevice);
    for (int k = 0; k < K; ++k) sums[2 * k] = sums[2 * k + 1] = 0, counts[k] = 0;
    assign<<<(n + 255) / 256, 256>>>(dp, n, dc, label, sums, counts);
    cudaDeviceSynchronize();
    for (int k = 0; k < K; ++k)
      if (counts[k]) c[k] = make_int2((int)(sums[2 * k] / counts[k]), (int)(sums[2 * k + 1] / counts[k]));
  }
  for (int k = 0; k < K; ++k) printf("cluster %d: %5d points, centroid (%d, %d)\n", k, counts[k], c[k].x, c[k].y);
}
