// Smith-Waterman local alignment of two 600-base sequences: the score matrix is
// filled anti-diagonal by anti-diagonal (a wavefront: one launch per diagonal, one
// thread per cell), tracking the best score with atomicMax.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int A = 600, B = 600;

__global__ void diagonal(const char* a, const char* b, int* h, int d, int* best) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1; // row
  int j = d - i;                                      // column
  if (i > A || j < 1 || j > B) return;
  int match = a[i - 1] == b[j - 1] ? 3 : -3;
  int v = max(0, h[(i - 1) * (B + 1) + j - 1] + match);
  v = max(v, h[(i - 1) * (B + 1) + j] - 2);
  v = max(v, h[i * (B + 1) + j - 1] - 2);
  h[i * (B + 1) + j] = v;
  atomicMax(best, v);
}

int main() {
  std::vector<char> a(A), b(B);
  const char* bases = "ACGT";
  unsigned s = 99;
  for (auto& c : a) s = s * 1103515245u + 12345u, c = bases[(s >> 16) & 3];
  for (int i = 0; i < B; ++i) b[i] = i % 5 == 0 ? bases[(i / 5) & 3] : a[(i + 40) % A]; // a mutated, shifted copy
  char *da, *db;
  int *h, *best;
  cudaMalloc(&da, A), cudaMalloc(&db, B), cudaMalloc(&h, (A + 1) * (B + 1) * 4);
  cudaMallocManaged(&best, 4);
  *best = 0;
  cudaMemcpy(da, a.data(), A, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), B, cudaMemcpyHostToDevice);
  cudaMemset(h, 0, (A + 1) * (B + 1) * 4);
  for (int d = 2; d <= A + B; ++d) diagonal<<<(A + 127) / 128, 128>>>(da, db, h, d, best);
  cudaDeviceSynchronize();
  std::vector<int> m((A + 1) * (B + 1));
  cudaMemcpy(m.data(), h, m.size() * 4, cudaMemcpyDeviceToHost);
  long sum = 0;
  int at = 0;
  for (int k = 0; k < (int)m.size(); ++k) {
    sum += m[k];
    if (m[k] == *best && !at) at = k;
  }
  printf("%s: best local score %d at (%d, %d), matrix sum %ld\n", cudaGetErrorString(cudaGetLastError()), *best,
         at / (B + 1), at % (B + 1), sum);
}
