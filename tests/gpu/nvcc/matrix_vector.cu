// Dense matrix-vector products in double precision: y = A x with one warp per row
// (coalesced loads, shuffle reduction) and y = A^T x with one thread per column,
// 1024x768; results compared with the host to 1e-9 and summarized.
#include <cuda_runtime.h>
#include <cstdio>
#include <cmath>
#include <vector>

constexpr int M = 1024, N = 768;

__global__ void gemv(const double* a, const double* x, double* y) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (row >= M) return;
  double sum = 0;
  for (int j = lane; j < N; j += 32) sum += a[row * N + j] * x[j];
  for (int off = 16; off; off /= 2) sum += __shfl_xor_sync(0xffffffff, sum, off);
  if (lane == 0) y[row] = sum;
}

__global__ void gemv_t(const double* a, const double* x, double* y) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= N) return;
  double sum = 0;
  for (int i = 0; i < M; ++i) sum += a[i * N + col] * x[i];
  y[col] = sum;
}

int main() {
  std::vector<double> a(M * N), x(N), xt(M), y(M), yt(N);
  for (int i = 0; i < M * N; ++i) a[i] = ((i * 37) % 101 - 50) / 64.0;
  for (int j = 0; j < N; ++j) x[j] = (j % 9 - 4) / 8.0;
  for (int i = 0; i < M; ++i) xt[i] = (i % 7 - 3) / 4.0;
  double *da, *dx, *dy;
  cudaMalloc(&da, M * N * 8), cudaMalloc(&dx, M * 8), cudaMalloc(&dy, M * 8);
  cudaMemcpy(da, a.data(), M * N * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x.data(), N * 8, cudaMemcpyHostToDevice);
  gemv<<<M * 32 / 256, 256>>>(da, dx, dy);
  cudaMemcpy(y.data(), dy, M * 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(dx, xt.data(), M * 8, cudaMemcpyHostToDevice);
  gemv_t<<<(N + 127) / 128, 128>>>(da, dx, dy);
  cudaMemcpy(yt.data(), dy, N * 8, cudaMemcpyDeviceToHost);
  double err = 0, s1 = 0, s2 = 0;
  for (int i = 0; i < M; ++i) {
    double r = 0;
    for (int j = 0; j < N; ++j) r += a[i * N + j] * x[j];
    err = fmax(err, fabs(r - y[i])), s1 += y[i];
  }
  for (int j = 0; j < N; ++j) {
    double r = 0;
    for (int i = 0; i < M; ++i) r += a[i * N + j] * xt[i];
    err = fmax(err, fabs(r - yt[j])), s2 += yt[j];
  }
  printf("%s: within 1e-9 of the host: %s; sum(Ax) %.6f, sum(A^T x) %.6f\n", cudaGetErrorString(cudaGetLastError()),
         err < 1e-9 ? "yes" : "no", s1, s2);
}
