# Reads through a device function's read-only __restrict__ parameters use the non-coherent
# cache (ld.global.nc) once the function is inlined into a kernel, as nvcc's do, unless
# the kernel writes through a pointer to the same object (targets/nvptx/restricted_reads.h).
# Each kernel's expected choice is nvcc 13.0's; with nvcc installed the test checks that too.
source "$(dirname "$0")/lib.sh"
cat > reads.cu <<'SRC'
__device__ __forceinline__ float get(const float* __restrict__ p, int i) { return p[i] * 2.f; }
__device__ __forceinline__ float plain(const float* p, int i) { return p[i] * 2.f; }
__device__ __forceinline__ float bump(float* __restrict__ p, int i) { float v = p[i]; p[i + 1] = v; return v; }
__device__ __forceinline__ float both(const float* __restrict__ p, float* q, int i) { float v = p[i]; q[i] = 1; return v + p[i]; }
// A helper's helper, given the restrict pointer and another (ggml's get_int_b2(block->qs, i)).
struct block { unsigned short d; unsigned short qs[8]; };
__device__ __forceinline__ int pair(const void* x, const int& i) {
  const unsigned short* h = (const unsigned short*)x;
  return h[2 * i] | (h[2 * i + 1] << 16);
}
__device__ __forceinline__ float dot(const void* __restrict__ vb, const int* __restrict__ y, const int& k, const int& i) {
  const block* b = (const block*)vb + k;
  return pair(b->qs, i) * y[i] + b->d;
}
__device__ __forceinline__ int dp4a(int a, int b, int c) {
  int r; asm volatile("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r;
}
__device__ __forceinline__ int dot4(const int* __restrict__ a, const int* __restrict__ b, int i) {
  return dp4a(a[i], b[i], dp4a(a[i + 32], b[i + 32], 0));
}

__global__ void sum(const float* a, float* out, int n) {
  float s = 0; for (int j = 0; j < n; ++j) s += get(a, threadIdx.x + j); out[threadIdx.x] = s;
}
__global__ void unrestricted(const float* a, float* out) { out[threadIdx.x] = plain(a, threadIdx.x); }
__global__ void written_through(float* a, float* out) { out[threadIdx.x] = bump(a, threadIdx.x); }
__global__ void other_written(float* a, float* out) { out[threadIdx.x] = both(a, out, threadIdx.x); }
__global__ void same_block_after(float* a, float* out) {
  int i = threadIdx.x; float v = get(a, i); a[i] = 0; out[i] = v;
}
__global__ void written_before(float* a, float* out, int n) {
  int i = threadIdx.x; if (n > 3) a[i + 1] = 1.f; out[i] = get(a, i);
}
__global__ void written_in_loop(float* a, float* out, int n) {
  int i = threadIdx.x; float s = 0;
  for (int j = 0; j < n; ++j) { s += get(a, i + j); a[i + j + 1] = s; }
  out[i] = s;
}
__global__ void nested(const void* vx, const int* y, float* out, int n) {
  float s = 0; for (int j = threadIdx.x; j < n; j += 32) s += dot(vx, y, j, j & 3); out[threadIdx.x] = s;
}
__global__ void with_asm(const int* a, const int* b, int* out, int n) {
  int s = 0; for (int j = 0; j < n; ++j) s += dot4(a, b, threadIdx.x + 64 * j); out[threadIdx.x] = s;
}
__global__ void tiled(const float* a, float* out) {
  __shared__ float tile[64];
  tile[threadIdx.x] = get(a, threadIdx.x); __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}
struct params { float* a; float* out; };
__global__ void field_written(params p) {
  int i = threadIdx.x; p.a[i + 1] = 1.f; __syncthreads(); p.out[i] = get(p.a, i);
}
SRC
ptx=$(cu -ptx -arch=sm_90 -O3 reads.cu -o -)
expect_eq "$?" 0 "compiles"
nc_of() { awk "/entry $1\\(/,/^}/" <<< "$2" | grep -c 'ld.global.nc'; }
# kernel (mangled), then whether nvcc reads anything through ld.global.nc in it.
cases="_Z3sumPKfPfi:yes _Z12unrestrictedPKfPf:no _Z15written_throughPfS_:no _Z13other_writtenPfS_:yes
_Z16same_block_afterPfS_:no _Z14written_beforePfS_i:no _Z15written_in_loopPfS_i:no
_Z6nestedPKvPKiPfi:yes _Z8with_asmPKiS0_Pii:yes _Z5tiledPKfPf:yes _Z13field_written6params:no"
nvcc_ptx=""
if [ -x "$CUDA_PATH/bin/nvcc" ]; then
  "$CUDA_PATH/bin/nvcc" -ptx -arch=sm_90 -O3 reads.cu -o nvcc.ptx && nvcc_ptx=$(cat nvcc.ptx)
fi
for c in $cases; do
  kernel=${c%%:*} want=${c##*:}
  got=$([ "$(nc_of "$kernel" "$ptx")" -gt 0 ] && echo yes || echo no)
  expect_eq "$got" "$want" "$kernel reads through ld.global.nc"
  # nvcc takes any `asm volatile` for a write; circle reads the asm's constraints (its
  # __dp4a is such an asm, nvcc's a builtin).
  if [ -n "$nvcc_ptx" ] && [ "$kernel" != _Z8with_asmPKiS0_Pii ]; then
    got=$([ "$(nc_of "$kernel" "$nvcc_ptx")" -gt 0 ] && echo yes || echo no)
    expect_eq "$got" "$want" "nvcc's $kernel"
  fi
done
# Every read of the nested helpers (the block's scale and both halves of the pair) is one.
expect_eq "$(awk '/entry _Z6nestedPKvPKiPfi\(/,/^}/' <<< "$ptx" | grep -c 'ld.global\.[bu]')" 0 "nested: no plain global load left"
finish
