// Mandelbrot set: one thread per pixel counts escape iterations over a 256x192 grid;
// the host prints a checksum, a histogram of the counts and a small ASCII rendering.
// The iteration is written with round-to-nearest intrinsics, which no compiler fuses
// into FMAs: where a compiler may fuse (a*b+c), nvcc and LLVM choose differently, and
// the set's edge amplifies one rounding into a different count.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int W = 256, H = 192, kMaxIter = 256;

__global__ void mandelbrot(int* iters, float x0, float y0, float dx, float dy) {
  int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  float cr = __fadd_rn(x0, __fmul_rn(px, dx)), ci = __fadd_rn(y0, __fmul_rn(py, dy)), zr = 0, zi = 0;
  int n = 0;
  while (n < kMaxIter && __fadd_rn(__fmul_rn(zr, zr), __fmul_rn(zi, zi)) < 4.0f) {
    float t = __fadd_rn(__fsub_rn(__fmul_rn(zr, zr), __fmul_rn(zi, zi)), cr);
    zi = __fadd_rn(__fmul_rn(2.0f, __fmul_rn(zr, zi)), ci);
    zr = t;
    ++n;
  }
  iters[py * W + px] = n;
}

int main() {
  int* d;
  cudaMalloc(&d, W * H * sizeof(int));
  dim3 block(16, 16), grid((W + 15) / 16, (H + 15) / 16);
  mandelbrot<<<grid, block>>>(d, -2.25f, -1.25f, 3.0f / W, 2.5f / H);
  std::vector<int> it(W * H);
  cudaMemcpy(it.data(), d, it.size() * sizeof(int), cudaMemcpyDeviceToHost);
  long sum = 0;
  int inside = 0, bands[8] = {};
  for (int v : it) {
    sum += v;
    inside += v == kMaxIter;
    bands[v == kMaxIter ? 7 : v < 4 ? 0 : v < 8 ? 1 : v < 16 ? 2 : v < 32 ? 3 : v < 64 ? 4 : v < 128 ? 5 : 6]++;
  }
  printf("sum %ld, inside %d, bands", sum, inside);
  for (int b : bands) printf(" %d", b);
  printf("\n");
  const char* shade = " .:-=+*#%@";
  for (int y = 0; y < H; y += 12) {
    for (int x = 0; x < W; x += 4) {
      int v = it[y * W + x];
      putchar(v == kMaxIter ? '@' : shade[v * 9 / kMaxIter]);
    }
    putchar('\n');
  }
}
