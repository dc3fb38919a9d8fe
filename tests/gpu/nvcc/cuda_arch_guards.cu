// nvcc's __CUDA_ARCH__ idioms, unchanged: statement guards in device, host-device
// and host functions, #elif chains, other macros in the condition, nested guards, a
// declaration used after #endif, and __CUDA_ARCH__ read in device expressions.
#include <cstdio>

#define STR2(...) #__VA_ARGS__
#define STR(...) STR2(__VA_ARGS__)

__device__ int tier() {
  int t = 0;
#if __CUDA_ARCH__ >= 900
  t = 3;
#elif __CUDA_ARCH__ >= 800
  t = 2;
#elif __CUDA_ARCH__ >= 700
  t = 1;
#else
  t = -1;
#endif
  return t;
}

__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
  return 1; // device
#else
  return 0; // host
#endif
}

__host__ __device__ int combined() {
  int r = 10;
#if defined(__CUDA_ARCH__) && (CUDART_VERSION >= 12000)
  r += 1;
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 600
  r += 100;
#endif
  return r;
}

__device__ float scale(float x) {
#if __CUDA_ARCH__ >= 800
  const float factor = 2.0f;
#  ifdef __CUDA_ARCH__
  x += 0.5f; // nested, same pass
#  endif
#else
  const float factor = 3.0f;
#endif
  return x * factor; // a declaration from the guard, used after #endif
}

__global__ void report(int* out, float* f) {
  out[0] = tier();
  out[1] = where();
  out[2] = combined();
#ifdef __CUDA_ARCH__
  out[3] = __CUDA_ARCH__;
#endif
  for (int i = 0; i < 2; ++i) {
#if __CUDA_ARCH__ >= 750
    out[4 + i] = i * 10;
#else
    out[4 + i] = -i;
#endif
  }
  f[0] = scale(2.0f);
  auto lambda = [](int v) {
#ifdef __CUDA_ARCH__
    return v + 1000;
#else
    return v - 1000;
#endif
  };
  out[6] = lambda(7);
}

void host_report() {
#ifndef __CUDA_ARCH__
  std::printf("host: where %d combined %d\n", where(), combined());
#endif
  std::printf("arch list: %s\n", STR(__CUDA_ARCH_LIST__));
}

int main() {
  host_report();
  int* out = nullptr;
  float* f = nullptr;
  cudaMalloc(&out, 8 * sizeof(int));
  cudaMalloc(&f, sizeof(float));
  report<<<1, 1>>>(out, f);
  int h[8] = {};
  float hf = 0;
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  std::printf("device: tier %d where %d combined %d arch %d loop %d %d lambda %d scale %.1f\n", h[0], h[1], h[2],
              h[3], h[4], h[5], h[6], hf);
  cudaFree(out);
  cudaFree(f);
  return 0;
}
