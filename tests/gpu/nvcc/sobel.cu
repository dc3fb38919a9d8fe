// Sobel edge detection on a synthetic 320x240 grayscale image (a disc and a ramp):
// one thread per pixel, gradient magnitude thresholded into an edge map.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int W = 320, H = 240;

__global__ void sobel(const unsigned char* in, unsigned char* out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
    out[y * W + x] = 0;
    return;
  }
  auto p = [&](int dx, int dy) { return (int)__ldg(&in[(y + dy) * W + x + dx]); };
  int gx = -p(-1, -1) - 2 * p(-1, 0) - p(-1, 1) + p(1, -1) + 2 * p(1, 0) + p(1, 1);
  int gy = -p(-1, -1) - 2 * p(0, -1) - p(1, -1) + p(-1, 1) + 2 * p(0, 1) + p(1, 1);
  int mag = abs(gx) + abs(gy);
  out[y * W + x] = mag > 255 ? 255 : mag;
}

int main() {
  std::vector<unsigned char> img(W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      int dx = x - 160, dy = y - 120;
      img[y * W + x] = dx * dx + dy * dy < 80 * 80 ? 220 : x / 4;
    }
  unsigned char *in, *out;
  cudaMalloc(&in, W * H), cudaMalloc(&out, W * H);
  cudaMemcpy(in, img.data(), W * H, cudaMemcpyHostToDevice);
  sobel<<<dim3(W / 16, H / 16), dim3(16, 16)>>>(in, out);
  cudaMemcpy(img.data(), out, W * H, cudaMemcpyDeviceToHost);
  long sum = 0;
  int edges = 0;
  for (unsigned char v : img) sum += v, edges += v > 128;
  printf("%s: magnitude sum %ld, strong edges %d\n", cudaGetErrorString(cudaGetLastError()), sum, edges);
  for (int y = 20; y < H; y += 20) {
    for (int x = 0; x < W; x += 5) putchar(img[y * W + x] > 128 ? '#' : img[y * W + x] > 0 ? '.' : ' ');
    putchar('\n');
  }
}
