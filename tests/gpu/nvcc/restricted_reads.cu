// Device helpers reading through read-only __restrict__ parameters (ld.global.nc once
// inlined, as nvcc does), beside kernels that write the same memory around such reads,
// where the plain loads must keep their order: every sum must be what nvcc's build prints.
// tests/e2e/test_restricted_reads.sh checks each kernel's loads against nvcc's choices.
#include <cstdio>

__device__ __forceinline__ float get(const float* __restrict__ p, int i) { return p[i] * 2.f; }
struct block { unsigned short d; unsigned short qs[8]; };
__device__ __forceinline__ int pair(const void* x, const int& i) {
  const unsigned short* h = (const unsigned short*)x;
  return h[2 * i] | (h[2 * i + 1] << 16);
}
__device__ __forceinline__ float dot(const void* __restrict__ vb, const int* __restrict__ y, const int& k, const int& i) {
  const block* b = (const block*)vb + k;
  return (float)(pair(b->qs, i) & 0xffff) * y[i] + b->d;
}

__device__ __forceinline__ float plain(const float* p, int i) { return p[i] * 2.f; }
__device__ __forceinline__ float bump(float* __restrict__ p, int i) { float v = p[i]; p[i + 1] = v; return v; }
__device__ __forceinline__ float both(const float* __restrict__ p, float* q, int i) { float v = p[i]; q[i] = 1; return v + p[i]; }
__device__ __forceinline__ int dp4a(int a, int b, int c) {
  int r; asm volatile("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r;
}
__device__ __forceinline__ int dot4(const int* __restrict__ a, const int* __restrict__ b, int i) {
  return dp4a(a[i], b[i], dp4a(a[i + 32], b[i + 32], 0));
}

__global__ void sum(const float* a, float* out, int n) {
  float s = 0;
  for (int j = 0; j < n; ++j) s += get(a, threadIdx.x + j);
  out[threadIdx.x] = s;
}
__global__ void written_before(float* a, float* out, int n) {
  int i = threadIdx.x;
  if (n > 3) a[i] = 7.f;
  out[i] = get(a, i);
}
__global__ void same_block_after(float* a, float* out) {
  int i = threadIdx.x;
  float v = get(a, i);
  a[i] = -1.f;
  out[i] = v + a[i];
}
__global__ void written_in_loop(float* a, float* out, int n) {
  if (threadIdx.x != 0) return;
  float s = 0;
  for (int j = 0; j < n; ++j) { s += get(a, j); a[j + 1] = s; }
  out[0] = s;
}
__global__ void nested(const void* vx, const int* y, float* out, int blocks) {
  float s = 0;
  for (int k = threadIdx.x; k < blocks; k += 32) s += dot(vx, y, k, k & 3);
  out[threadIdx.x] = s;
}
__global__ void tiled(const float* a, float* out) {
  __shared__ float tile[64];
  tile[threadIdx.x] = get(a, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}

__global__ void unrestricted(const float* a, float* out) { out[threadIdx.x] = plain(a, threadIdx.x); }
__global__ void written_through(float* a, float* out) { out[threadIdx.x] = bump(a, threadIdx.x); }
__global__ void other_written(float* a, float* out) { out[threadIdx.x] = both(a, out, threadIdx.x); }
__global__ void with_asm(const int* a, const int* b, int* out, int n) {
  int s = 0;
  for (int j = 0; j < n; ++j) s += dot4(a, b, threadIdx.x + 64 * j);
  out[threadIdx.x] = s;
}
// A store the kernel writes in assembly, to an address computed as an integer.
__global__ void asm_store(float* a, float* out) {
  int i = threadIdx.x;
  unsigned long long address = (unsigned long long)a + 4 * (i + 1);
  asm volatile("st.global.f32 [%0], %1;" ::"l"(address), "f"(3.f) : "memory");
  __syncthreads();
  out[i] = get(a, i);
}
struct params { float* a; float* out; };
__global__ void field_written(params p) {
  int i = threadIdx.x;
  p.a[i + 1] = 1.f;
  __syncthreads();
  p.out[i] = get(p.a, i);
}

template <class T> T* managed(int n) { T* p; cudaMallocManaged(&p, n * sizeof(T)); return p; }
float total(const float* p, int n) { float s = 0; for (int i = 0; i < n; ++i) s += p[i] * (i % 7 + 1); return s; }
int sync(const char* what) {
  if (cudaError_t e = cudaDeviceSynchronize()) { printf("%s: %s\n", what, cudaGetErrorString(e)); return 1; }
  return 0;
}

int main() {
  const int n = 256;
  float* a = managed<float>(2 * n);
  float* out = managed<float>(n);
  auto fill = [&] { for (int i = 0; i < 2 * n; ++i) a[i] = (i % 13) * 0.5f + 0.25f; };
  fill(); sum<<<1, 64>>>(a, out, 100); if (sync("sum")) return 1;
  printf("sum %.1f\n", total(out, 64));
  fill(); written_before<<<1, 64>>>(a, out, 5); if (sync("written_before")) return 1;
  printf("written_before %.1f\n", total(out, 64));
  fill(); same_block_after<<<1, 64>>>(a, out); if (sync("same_block_after")) return 1;
  printf("same_block_after %.1f (a %.1f)\n", total(out, 64), total(a, 64));
  fill(); written_in_loop<<<1, 32>>>(a, out, 20); if (sync("written_in_loop")) return 1;
  printf("written_in_loop %.1f (a %.1f)\n", out[0], total(a, 32));
  fill(); tiled<<<1, 64>>>(a, out); if (sync("tiled")) return 1;
  printf("tiled %.1f\n", total(out, 64));
  fill(); unrestricted<<<1, 64>>>(a, out); if (sync("unrestricted")) return 1;
  printf("unrestricted %.1f\n", total(out, 64));
  fill(); written_through<<<1, 1>>>(a, out); if (sync("written_through")) return 1;
  printf("written_through %.1f (a %.1f)\n", out[0], total(a, 4));
  fill(); other_written<<<1, 64>>>(a, out); if (sync("other_written")) return 1;
  printf("other_written %.1f\n", total(out, 64));
  int* ints = managed<int>(64 * 9);
  for (int i = 0; i < 64 * 9; ++i) ints[i] = int(0x01020304u * (i + 3) ^ (i * 0x10203u));
  with_asm<<<1, 32>>>(ints, ints + 64 * 4, ints + 64 * 8, 4); if (sync("with_asm")) return 1;
  long long dots = 0;
  for (int i = 0; i < 32; ++i) dots += ints[64 * 8 + i] * (i % 7 + 1);
  printf("with_asm %lld\n", dots);
  fill(); asm_store<<<1, 64>>>(a, out); if (sync("asm_store")) return 1;
  printf("asm_store %.1f\n", total(out, 64));
  fill(); field_written<<<1, 64>>>(params{a, out}); if (sync("field_written")) return 1;
  printf("field_written %.1f\n", total(out, 64));
  const int blocks = 512;
  block* b = managed<block>(blocks);
  int* y = managed<int>(4);
  for (int k = 0; k < blocks; ++k) {
    b[k].d = (unsigned short)(k % 5);
    for (int q = 0; q < 8; ++q) b[k].qs[q] = (unsigned short)((k * 31 + q * 7) % 101);
  }
  for (int i = 0; i < 4; ++i) y[i] = i - 1;
  nested<<<1, 32>>>(b, y, out, blocks); if (sync("nested")) return 1;
  printf("nested %.1f\n", total(out, 32));
}
