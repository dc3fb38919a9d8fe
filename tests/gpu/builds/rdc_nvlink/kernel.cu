// What driver_api/kernels.cu computes (each row of 8 sorted descending and doubled), with
// the doubling in another file (scale.cu): compiled with -rdc -cubin / -rdc -fatbin,
// linked by the toolkit's nvlink with scale.cu's relocatable cubin (circle's or nvcc's),
// and loaded through the driver API by driver_api/loader.cpp.
#include <algorithm>
#include <cstdio>
#include <functional>

__device__ int launches = 0;
__device__ float scale(float x); // scale.cu

extern "C" __global__ void scale_sorted(float* data, int rows) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  float* first = data + row * 8;
  float values[8];
  std::copy(first, first + 8, values);
  std::sort(values, values + 8, std::greater<float>());
  std::transform(values, values + 8, first, scale);
  if (row != 0) return;
  atomicAdd(&launches, 1);
  printf("row 0 largest %.1f\n", first[0]);
}
