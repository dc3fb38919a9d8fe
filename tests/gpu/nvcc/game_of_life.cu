// Conway's Game of Life on a 128x128 torus: one thread per cell, 200 generations from
// a seeded random soup plus a glider gun's worth of gliders; the host prints the
// population every 40 generations and a corner of the final board.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int N = 128;

__global__ void generation(const unsigned char* in, unsigned char* out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  int alive = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx || dy) alive += in[((y + dy + N) % N) * N + (x + dx + N) % N];
  unsigned char self = in[y * N + x];
  out[y * N + x] = alive == 3 || (self && alive == 2);
}

__global__ void population(const unsigned char* b, int* count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int live = __syncthreads_count(b[i]);
  if (threadIdx.x == 0) atomicAdd(count, live);
}

int main() {
  std::vector<unsigned char> h(N * N);
  unsigned s = 12345;
  for (auto& c : h) s = s * 1664525u + 1013904223u, c = (s >> 28) < 4;
  for (int g = 0; g < 4; ++g) { // gliders in an empty band
    int x0 = 10 + 25 * g, y0 = 100;
    for (int y = y0 - 2; y < y0 + 5; ++y)
      for (int x = x0 - 2; x < x0 + 5; ++x) h[y * N + x] = 0;
    h[y0 * N + x0 + 1] = h[(y0 + 1) * N + x0 + 2] = h[(y0 + 2) * N + x0] = h[(y0 + 2) * N + x0 + 1] =
        h[(y0 + 2) * N + x0 + 2] = 1;
  }
  unsigned char *a, *b;
  int* count;
  cudaMalloc(&a, N * N), cudaMalloc(&b, N * N);
  cudaMallocManaged(&count, sizeof(int));
  cudaMemcpy(a, h.data(), N * N, cudaMemcpyHostToDevice);
  for (int g = 1; g <= 200; ++g) {
    generation<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(a, b);
    unsigned char* t = a;
    a = b, b = t;
    if (g % 40 == 0) {
      *count = 0;
      population<<<N * N / 256, 256>>>(a, count);
      cudaDeviceSynchronize();
      printf("generation %3d: %d alive\n", g, *count);
    }
  }
  cudaMemcpy(h.data(), a, N * N, cudaMemcpyDeviceToHost);
  for (int y = 0; y < 12; ++y) {
    for (int x = 0; x < 48; ++x) putchar(h[y * N + x] ? 'O' : '.');
    putchar('\n');
  }
}
