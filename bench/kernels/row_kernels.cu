// Kernels of everyday numeric code whose loops run a count known only at run time:
// a row softmax (a warp per row, stepping by 32), a layer norm (a block per row,
// stepping by blockDim.x) and an n-body force sum (every thread over every body).
#include "bench.h"
#include <cmath>

__global__ void softmax_rows(const float* in, float* out, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (row >= rows) return;
  const float* r = in + size_t(row) * cols;
  float* o = out + size_t(row) * cols;
  float m = -INFINITY;
  for (int i = lane; i < cols; i += 32) m = fmaxf(m, r[i]);
  for (int k = 16; k; k >>= 1) m = fmaxf(m, __shfl_xor_sync(~0u, m, k));
  float s = 0;
  for (int i = lane; i < cols; i += 32) s += expf(r[i] - m);
  for (int k = 16; k; k >>= 1) s += __shfl_xor_sync(~0u, s, k);
  for (int i = lane; i < cols; i += 32) o[i] = expf(r[i] - m) / s;
}

__global__ void layernorm(const float* in, float* out, const float* gamma, const float* beta, int cols) {
  const float* r = in + size_t(blockIdx.x) * cols;
  float* o = out + size_t(blockIdx.x) * cols;
  float s = 0, s2 = 0;
  for (int i = threadIdx.x; i < cols; i += blockDim.x) {
    float v = r[i];
    s += v;
    s2 += v * v;
  }
  __shared__ float part[2][32];
  for (int k = 16; k; k >>= 1) {
    s += __shfl_xor_sync(~0u, s, k);
    s2 += __shfl_xor_sync(~0u, s2, k);
  }
  if (threadIdx.x % 32 == 0) {
    part[0][threadIdx.x / 32] = s;
    part[1][threadIdx.x / 32] = s2;
  }
  __syncthreads();
  s = 0;
  s2 = 0;
  for (int w = 0; w < int(blockDim.x / 32); ++w) {
    s += part[0][w];
    s2 += part[1][w];
  }
  float mean = s / cols, inv = rsqrtf(s2 / cols - mean * mean + 1e-5f);
  for (int i = threadIdx.x; i < cols; i += blockDim.x) o[i] = (r[i] - mean) * inv * gamma[i] + beta[i];
}

__global__ void nbody(const float4* body, float4* accel, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 p = body[i];
  float ax = 0, ay = 0, az = 0;
  for (int j = 0; j < n; ++j) {
    float4 q = body[j];
    float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
    float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-4f);
    float f = q.w * inv * inv * inv;
    ax += dx * f;
    ay += dy * f;
    az += dz * f;
  }
  accel[i] = make_float4(ax, ay, az, 0);
}

int main() {
  const int rows = 16384, cols = 1024;
  std::vector<float> h(size_t(rows) * cols);
  for (size_t i = 0; i < h.size(); ++i) h[i] = float(int(i * 2654435761u % 2001) - 1000) / 250.0f;
  float *In, *Out, *G, *B;
  BENCH_CHECK(cudaMalloc(&In, h.size() * 4));
  cudaMalloc(&Out, h.size() * 4);
  cudaMalloc(&G, cols * 4);
  cudaMalloc(&B, cols * 4);
  cudaMemcpy(In, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
  std::vector<float> g(cols), b(cols);
  for (int i = 0; i < cols; ++i) g[i] = 1.0f + i / 1024.0f, b[i] = i / 2048.0f;
  cudaMemcpy(G, g.data(), cols * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(B, b.data(), cols * 4, cudaMemcpyHostToDevice);
  std::vector<float> out(h.size());

  float ms = medianMs([&] { softmax_rows<<<rows / 4, 128>>>(In, Out, rows, cols); });
  cudaMemcpy(out.data(), Out, out.size() * 4, cudaMemcpyDeviceToHost);
  report("softmax_rows", out, ms);

  ms = medianMs([&] { layernorm<<<rows, 256>>>(In, Out, G, B, cols); });
  cudaMemcpy(out.data(), Out, out.size() * 4, cudaMemcpyDeviceToHost);
  report("layernorm", out, ms);

  const int n = 65536;
  std::vector<float4> bodies(n);
  for (int i = 0; i < n; ++i)
    bodies[i] = make_float4(float(i % 97) - 48, float(i % 89) - 44, float(i % 83) - 41, 1.0f + (i % 5));
  float4 *Body, *Acc;
  cudaMalloc(&Body, n * sizeof(float4));
  cudaMalloc(&Acc, n * sizeof(float4));
  cudaMemcpy(Body, bodies.data(), n * sizeof(float4), cudaMemcpyHostToDevice);
  ms = medianMs([&] { nbody<<<n / 128, 128>>>(Body, Acc, n); });
  std::vector<float4> acc(n);
  cudaMemcpy(acc.data(), Acc, n * sizeof(float4), cudaMemcpyDeviceToHost);
  report("nbody", acc, ms);
}
