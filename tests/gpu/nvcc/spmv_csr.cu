// Sparse matrix-vector product in CSR form: a banded 4096x4096 matrix with a few
// long rows, one warp per row (lanes stride the row, a shuffle reduction) against a
// one-thread-per-row kernel; both are checked against the host.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void spmv_scalar(int rows, const int* ptr, const int* col, const int* val, const int* x, long* y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  long sum = 0;
  for (int k = ptr[r]; k < ptr[r + 1]; ++k) sum += (long)val[k] * x[col[k]];
  y[r] = sum;
}

__global__ void spmv_warp(int rows, const int* ptr, const int* col, const int* val, const int* x, long* y) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (warp >= rows) return;
  long sum = 0;
  for (int k = ptr[warp] + lane; k < ptr[warp + 1]; k += 32) sum += (long)val[k] * x[col[k]];
  for (int off = 16; off; off /= 2) sum += __shfl_down_sync(0xffffffff, sum, off);
  if (lane == 0) y[warp] = sum;
}

int main() {
  const int n = 4096;
  std::vector<int> ptr{0}, col, val, x(n);
  for (int i = 0; i < n; ++i) x[i] = i % 13 - 6;
  for (int r = 0; r < n; ++r) {
    int width = r % 97 == 0 ? 300 : 5;
    for (int c = r - width; c <= r + width; ++c)
      if (c >= 0 && c < n) col.push_back(c), val.push_back((r * 31 + c * 7) % 11 - 5);
    ptr.push_back((int)col.size());
  }
  std::vector<long> ref(n);
  for (int r = 0; r < n; ++r)
    for (int k = ptr[r]; k < ptr[r + 1]; ++k) ref[r] += (long)val[k] * x[col[k]];
  int *dptr, *dcol, *dval, *dx;
  long* dy;
  cudaMalloc(&dptr, ptr.size() * 4), cudaMalloc(&dcol, col.size() * 4), cudaMalloc(&dval, val.size() * 4);
  cudaMalloc(&dx, n * 4), cudaMalloc(&dy, n * 8);
  cudaMemcpy(dptr, ptr.data(), ptr.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dcol, col.data(), col.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dval, val.data(), val.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice);
  std::vector<long> y(n);
  spmv_scalar<<<(n + 127) / 128, 128>>>(n, dptr, dcol, dval, dx, dy);
  cudaMemcpy(y.data(), dy, n * 8, cudaMemcpyDeviceToHost);
  printf("nonzeros %zu; scalar kernel matches: %s\n", val.size(), y == ref ? "yes" : "no");
  cudaMemset(dy, 0, n * 8);
  spmv_warp<<<n * 32 / 128, 128>>>(n, dptr, dcol, dval, dx, dy);
  cudaMemcpy(y.data(), dy, n * 8, cudaMemcpyDeviceToHost);
  printf("warp kernel matches: %s; y[0] %ld y[97] %ld y[4095] %ld\n", y == ref ? "yes" : "no", y[0], y[97], y[4095]);
}
