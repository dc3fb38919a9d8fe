// Matrix transpose through a padded shared-memory tile (no bank conflicts), 500x300.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kTile = 32, kRows = 8;

__global__ void transpose(float* out, const float* in, int width, int height) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int width = 500, height = 300;
  std::vector<float> in(width * height), out(width * height);
  for (int i = 0; i < width * height; ++i) in[i] = i;
  float *din, *dout;
  cudaMalloc(&din, in.size() * 4);
  cudaMalloc(&dout, out.size() * 4);
  cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice);
  transpose<<<dim3((width + kTile - 1) / kTile, (height + kTile - 1) / kTile), dim3(kTile, kRows)>>>(dout, din, width,
                                                                                                   height);
  cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) wrong += out[x * height + y] != in[y * width + x];
  printf("%s: %d wrong, out[1] %.0f out[last] %.0f\n", cudaGetErrorString(cudaGetLastError()), wrong, out[1],
         out[width * height - 1]);
}
