// Objects read wider than their type's alignment, through calls that stay calls:
// ggml's flash attention copies a local `half2 zero[4]` with an int4 load in a
// lambda; here the same through __noinline__ helpers and a lambda, a local array read
// as int2 through a recursive function, and a __shared__ array read as int4. Each
// object must sit where its widest access can read it (a misaligned ld.v4 traps).
#include <cstdio>
#include <cuda_fp16.h>

__device__ __noinline__ void copy16(void* dst, const void* src) { *(int4*)dst = *(const int4*)src; }
__device__ __noinline__ void via(void* dst, const void* src) { copy16(dst, src); }

__device__ __noinline__ long long sum8(const void* p, int n) {
  if (n == 0) return 0;
  return ((const int2*)p)[n - 1].x + ((const int2*)p)[n - 1].y + sum8(p, n - 1);
}

template <int N> struct unroll {
  template <class F> __device__ __noinline__ void operator()(const F& f) const {
    f(N);
    unroll<N - 1>{}(f);
  }
};
template <> struct unroll<0> {
  template <class F> __device__ void operator()(const F&) const {}
};

__global__ void kernel(int4* out, long long* sums, int n) {
  __shared__ half2 tile[4];
  char pad[5];
  for (int i = 0; i < 5; ++i) pad[i] = char(n + i + threadIdx.x);
  const half2 zero[4] = {{0.0f, 0.0f}, {0.0f, 0.0f}, {0.0f, 0.0f}, {0.0f, 0.0f}};
  char pad2[3] = {char(n), char(n + 1), char(n + 2)};
  half2 ones[4];
  for (int i = 0; i < 4; ++i) ones[i] = __floats2half2_rn(float(i + n), float(threadIdx.x));
  int pairs[6];
  for (int i = 0; i < 6; ++i) pairs[i] = i * n + threadIdx.x;
  if (threadIdx.x < 4) tile[threadIdx.x] = __floats2half2_rn(float(threadIdx.x), 2.0f);
  __syncthreads();

  int4 r[4];
  via(&r[0], zero);
  unroll<3>{}([&](int k) { copy16(&r[k], k == 1 ? (const void*)ones : k == 2 ? (const void*)tile : (const void*)zero); });
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k) out[t * 4 + k] = r[k];
  sums[t] = sum8(pairs, 3) + pad[n & 3] + pad2[n % 3];
}

int main() {
  const int threads = 8;
  int4* out;
  long long* sums;
  cudaMallocManaged(&out, threads * 4 * sizeof(int4));
  cudaMallocManaged(&sums, threads * sizeof(long long));
  kernel<<<1, threads>>>(out, sums, 3);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  for (int t = 0; t < threads; ++t) {
    printf("thread %d: sum %lld", t, sums[t]);
    for (int k = 0; k < 4; ++k)
      printf(" %08x.%08x.%08x.%08x", out[t * 4 + k].x, out[t * 4 + k].y, out[t * 4 + k].z, out[t * 4 + k].w);
    printf("\n");
  }
  return 0;
}
