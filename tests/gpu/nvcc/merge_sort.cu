// Merge sort of 2^18 keys: each block sorts a 1024-key tile in shared memory (odd-even
// merge passes), then global passes merge sorted runs pairwise, each thread placing
// one element by binary search in the other run (merge path by rank).
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kTile = 1024;

__global__ void sort_tiles(int* data) {
  __shared__ int s[kTile];
  int base = blockIdx.x * kTile;
  for (int i = threadIdx.x; i < kTile; i += blockDim.x) s[i] = data[base + i];
  __syncthreads();
  // Bitonic network within the tile.
  for (int size = 2; size <= kTile; size <<= 1)
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      for (int i = threadIdx.x; i < kTile; i += blockDim.x) {
        int j = i ^ stride;
        if (j > i) {
          bool up = (i & size) == 0;
          if ((s[i] > s[j]) == up) { int t = s[i]; s[i] = s[j]; s[j] = t; }
        }
      }
      __syncthreads();
    }
  for (int i = threadIdx.x; i < kTile; i += blockDim.x) data[base + i] = s[i];
}

// Rank of v among run[0..n): elements < v (or <= v for the right run: stable).
__device__ int rank(const int* run, int n, int v, bool inclusive) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (run[mid] < v || (inclusive && run[mid] == v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

__global__ void merge_runs(const int* in, int* out, int width, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int pair = i / (2 * width), start = pair * 2 * width, offset = i - start;
  const int* left = in + start;
  const int* right = in + start + width;
  int v = in[i];
  int pos = offset < width ? offset + rank(right, width, v, false) : (offset - width) + rank(left, width, v, true);
  out[start + pos] = v;
}

int main() {
  const int n = 1 << 18;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (int)((i * 2654435761u) >> 7) % 100000;
  int *a, *b;
  cudaMalloc(&a, n * 4), cudaMalloc(&b, n * 4);
  cudaMemcpy(a, h.data(), n * 4, cudaMemcpyHostToDevice);
  sort_tiles<<<n / kTile, 256>>>(a);
  for (int width = kTile; width < n; width *= 2) {
    merge_runs<<<n / 256, 256>>>(a, b, width, n);
    int* t = a;
    a = b, b = t;
  }
  std::vector<int> r(n);
  cudaMemcpy(r.data(), a, n * 4, cudaMemcpyDeviceToHost);
  bool sorted = true;
  long sum = 0, hsum = 0;
  for (int i = 0; i < n; ++i) sum += r[i], hsum += h[i], sorted &= i == 0 || r[i - 1] <= r[i];
  printf("%s: sorted %s, same elements %s, min %d median %d max %d\n", cudaGetErrorString(cudaGetLastError()),
         sorted ? "yes" : "no", sum == hsum ? "yes" : "no", r[0], r[n / 2], r[n - 1]);
}
