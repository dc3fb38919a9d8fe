// The kernel of driver_api/kernels.cu with its scaling in another file (scale.cu):
// compiled with -rdc -cubin / -rdc -fatbin, linked by the toolkit's nvlink with
// scale.cu's relocatable cubin (circle's or nvcc's), and loaded through the driver API.
#include <algorithm>
#include <cstdio>

__device__ int launches = 0;
__device__ float scale(float x); // scale.cu

extern "C" __global__ void scale_sorted(float* data, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float local[8];
  for (int i = 0; i < 8; ++i) local[i] = data[r * 8 + i];
  auto greater = [](float a, float b) { return a > b; };
  std::make_heap(local, local + 8, greater);
  std::sort_heap(local, local + 8, greater);
  for (int i = 0; i < 8; ++i) data[r * 8 + i] = scale(local[i]);
  if (r == 0) {
    atomicAdd(&launches, 1);
    printf("row 0 largest %.1f\n", data[0]);
  }
}
