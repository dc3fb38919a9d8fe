// Kernels compiled alone (-ptx, -cubin, -fatbin, --cuda-device-only) and loaded by a
// program through the driver API (loader.cpp), as programs that JIT or ship device code
// separately do: C++ in the kernels (a lambda, a heap sort of a thread's array, a
// virtual call), a __device__ variable the host reads by name, and printf. nvcc's
// -cubin and -fatbin of the same file are loaded too (nvcc needs the __host__ __device__
// marks and --expt-relaxed-constexpr for the STL; circle needs neither). Not std::sort:
// nvcc 13.0 compiles libstdc++'s std::move_backward, which its insertion sort uses, to
// nothing on the GPU (bench/RESULTS.md), so nvcc's build would print wrong rows.
#include <algorithm>
#include <cstdio>

__device__ int launches = 0;

struct Op {
  __host__ __device__ virtual float apply(float x) const = 0;
};
struct Twice : Op {
  __host__ __device__ float apply(float x) const override { return 2 * x; }
};

extern "C" __global__ void scale_sorted(float* data, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float local[8];
  for (int i = 0; i < 8; ++i) local[i] = data[r * 8 + i];
  auto greater = [](float a, float b) { return a > b; };
  std::make_heap(local, local + 8, greater);
  std::sort_heap(local, local + 8, greater);
  Twice twice;
  const Op& op = twice;
  for (int i = 0; i < 8; ++i) data[r * 8 + i] = op.apply(local[i]);
  if (r == 0) {
    atomicAdd(&launches, 1);
    printf("row 0 largest %.1f\n", data[0]);
  }
}
