// __CUDA_ARCH__ where it changes what is declared, as CUTLASS, ggml and other kernel
// collections use it: a feature macro and a macro body chosen per target at namespace
// scope, a function and a constexpr function defined per target, a type whose layout
// differs per target, a kernel attribute's value per target, guards around case labels,
// a guard splitting an if constexpr from its else, a loop-body guard declaring the same
// local in each branch, and an #else nested in a guard that does not test the macro.
#include <cstdio>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define HAS_FAST_PATH
#endif

#ifdef __CUDA_ARCH__
#define WHERE_AM_I() (__CUDA_ARCH__ / 10)
#else
#define WHERE_AM_I() (-1)
#endif

#if __CUDA_ARCH__ == 800 || __CUDA_ARCH__ >= 900
#define BLOCKS_PER_SM 2
#else
#define BLOCKS_PER_SM 1
#endif

#ifdef __CUDA_ARCH__
__device__ int side() { return 1; }
#else
int side() { return 0; }
#endif

__host__ __device__ constexpr int vector_width() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return 8;
#elif defined(__CUDA_ARCH__)
  return 4;
#else
  return 2;
#endif
}

// Seed 001's trap, used the way nvcc allows: the layout differs, only device code reads it.
struct Tile {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  int data[vector_width()];
#else
  int data[1];
#endif
};

template <int N> struct Width { static constexpr int value = N; };

__device__ int classify(int op) {
  switch (op) {
  case 0: return 10;
#if __CUDA_ARCH__ >= 800
  case 1: return 11;
#endif
#ifdef HAS_FAST_PATH
  case 2: return 12;
#endif
  default: return -1;
  }
}

template <bool Fast> __device__ int inner(int a, int b) {
  int r = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (Fast) {
    r = a * b + 1;
  } else
#endif
  {
    r = a * b;
  }
  return r;
}

#define OUTER 1
__device__ int nested(int x) {
#if OUTER == 0
  return 0;
#else
#ifdef __CUDA_ARCH__
  int y = x * 3;
#else
  int y = x;
#endif
  return y;
#endif
}

__device__ int loop_locals(int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i) {
#if __CUDA_ARCH__ >= 800
    const int step = 2;
#else
    const int step = 1;
#endif
    switch (i % 2) {
    case 0: acc += step; break;
    default: acc -= 0; break;
    }
  }
  return acc;
}

__global__ void __launch_bounds__(128, BLOCKS_PER_SM) report(int* out) {
  static_assert(vector_width() >= 2, "a per-target constant in a static_assert");
  constexpr int w = vector_width();
  Tile t;
  for (int i = 0; i < int(sizeof(t.data) / sizeof(int)); ++i) t.data[i] = i + 1;
  int sum = 0;
  for (int i = 0; i < int(sizeof(t.data) / sizeof(int)); ++i) sum += t.data[i];
  out[0] = WHERE_AM_I();
  out[1] = side();
  out[2] = w;
  out[3] = Width<vector_width()>::value;
  out[4] = sum;
  out[5] = classify(0) + classify(1) * 100 + classify(2) * 10000;
  out[6] = inner<true>(3, 4);
  out[7] = nested(5);
  out[8] = loop_locals(6);
  out[9] = BLOCKS_PER_SM;
#ifdef HAS_FAST_PATH
  out[10] = 1;
#else
  out[10] = 0;
#endif
}

int main() {
  int* out;
  cudaMallocManaged(&out, 16 * sizeof(int));
  report<<<1, 1>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  printf("device: where %d side %d width %d %d tile %d classify %d inner %d nested %d loop %d blocks %d fast %d\n",
         out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8], out[9], out[10]);
  printf("host: where %d side %d width %d blocks %d tile %d\n", WHERE_AM_I(), side(), vector_width(), BLOCKS_PER_SM,
         int(sizeof(Tile)));
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, report);
  printf("max threads per block %d\n", attr.maxThreadsPerBlock);
  return 0;
}
