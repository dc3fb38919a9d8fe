# What circle's device pipeline adds to LLVM's, seen in the PTX: recursion a constant
# bounds (std::sort's depth limit) is unrolled into the kernel, other self-recursion
# is a loop; std::sort heap-sorts where a warp's lanes sort together; a thread's own array
# reached through a function that stays a call is accessed as local memory, and only
# when every call passes local memory; pointer differences within it are taken on local
# addresses; small aligned struct copies are one vector load and store; loops are
# unrolled as nvcc's; values a barrier separates from their uses are shaped for ptxas.
source "$(dirname "$0")/lib.sh"

cat > local.cu <<'SRC'
#include <algorithm>
__global__ void sort_rows(float* data) {
  float local[64];
  for (int i = 0; i < 64; ++i) local[i] = data[threadIdx.x * 64 + i];
  std::sort(local, local + 64); // std::__introsort_loop: recursion bounded by 2 log2(64)
  for (int i = 0; i < 64; ++i) data[threadIdx.x * 64 + i] = local[i];
}
SRC
cu -sm_90 -O3 -S -gpu local.cu -o local
ptx=$(cat local.sm_90.ptx)
expect_not_contains "$ptx" ".func" "the bounded recursion is unrolled: no function left"
expect_not_contains "$ptx" "call" "the bounded recursion is unrolled: no call"
# Where three or more of a warp's lanes sort together, std::sort heap-sorts
# (targets/nvptx/warp_sorts.h): the depth limit is chosen by the active lanes' count.
expect_eq "$(grep -c 'activemask.b32' local.sm_90.ptx)" 1 "std::sort asks which lanes sort together"
expect_contains "$ptx" "popc.b32" "and counts them"
expect_contains "$ptx" "ld.local.b32" "the array is read as local memory"
expect_contains "$ptx" "st.local.b32" "the array is written as local memory"
expect_eq "$(grep -cE '^\s+(ld|st)\.b32' local.sm_90.ptx)" 0 "no generic access to the array"
# last - first is computed on local addresses: no conversion to a generic address in
# the partition loops (targets/nvptx/local_pointer_differences.h).
check; [ "$(grep -c 'cvta.local' local.sm_90.ptx)" -le 1 ] || fail "at most one generic view of the stack, none per loop iteration"

# The same choice for a vector's iterators (a class passed by pointer) and ranges::sort.
cat > iterators.cu <<'SRC'
#include <algorithm>
#include <array>
#include <vector>
__global__ void sorts(const int* in, int* out, int n) {
  std::vector<int> v(in + threadIdx.x * 64, in + threadIdx.x * 64 + n);
  std::sort(v.begin(), v.end());
  std::array<int, 40> a;
  for (int i = 0; i < 40; ++i) a[i] = in[i + threadIdx.x];
  std::ranges::sort(a);
  for (int i = 0; i < n; ++i) out[threadIdx.x * 64 + i] = v[i] + a[i % 40];
}
SRC
cu -std=c++20 -sm_90 -O3 -S -gpu iterators.cu -o iterators
expect_eq "$(grep -c 'activemask.b32' iterators.sm_90.ptx)" 2 "std::sort of a vector and ranges::sort of an array ask too"

# A recursive sum over a local array stays a call (its counts are not constants, and
# the recursion is mutual: a function calling itself directly becomes a loop, below).
cat > sum.h <<'SRC'
__attribute__((noinline)) float sum(const float* p, int n);
__attribute__((noinline)) float halves(const float* p, int n) { return sum(p, n / 2) + sum(p + n / 2, n - n / 2); }
__attribute__((noinline)) float sum(const float* p, int n) { return n == 1 ? p[0] : halves(p, n); }
SRC
# The body of the function defined as $2 in PTX file $1 (not its declaration).
ptx_function() { awk -v name="$2(" 'index($0, ".func") == 1 && index($0, name) { body = ""; on = 1 }
  on { body = body $0 "\n" } /^}/ { if (on && body ~ /\n\{/) last = body; on = 0 } END { printf "%s", last }' "$1"; }
# Also given global memory: its accesses stay generic.
cat > mixed.cu <<'SRC'
#include "sum.h"
__global__ void k(float* data, int n) {
  float local[16];
  for (int i = 0; i < 16; ++i) local[i] = data[i] * 2;
  data[0] = sum(local, 16) + sum(data, n);
}
SRC
cu -sm_90 -O3 -S -gpu mixed.cu -o mixed
func=$(ptx_function mixed.sm_90.ptx _Z3sumPKfi)
expect_contains "$func" "ld.b32" "global and local callers: generic loads"
expect_not_contains "$func" "ld.local" "global and local callers: nothing assumed local"
cat > local_only.cu <<'SRC'
#include "sum.h"
__global__ void k(float* data) {
  float local[16];
  for (int i = 0; i < 16; ++i) local[i] = data[i] * 2;
  data[0] = sum(local, 16 - (int)data[1]) + sum(local + 3, 5 + (int)data[2]);
}
SRC
cu -sm_90 -O3 -S -gpu local_only.cu -o local_only
func=$(ptx_function local_only.sm_90.ptx _Z3sumPKfi)
expect_contains "$func" "ld.local.b32" "only local callers: local loads"
expect_not_contains "$func" "	ld.b32" "only local callers: no generic loads"

# A function calling itself directly is a loop over a stack of its frames, with a
# recursive copy for calls past 32 levels (targets/nvptx/recursion_loops.h): the warp's
# threads come back from a recursive .func at different times.
cat > self.cu <<'SRC'
__attribute__((noinline)) int split(int* a, int lo, int hi, int depth) {
  if (hi - lo < 2 || depth <= 0) return a[lo];
  int mid = lo + (hi - lo) / 2;
  return split(a, lo, mid, depth - 1) + split(a, mid, hi, depth - 1 - (a[lo] & 1));
}
__global__ void k(int* data, int n) { data[0] = split(data, 0, n, data[1] & 7); }
SRC
cu -sm_90 -O3 -S -gpu self.cu -o self
func=$(ptx_function self.sm_90.ptx _Z5splitPiiii)
expect_contains "$func" "_Z5splitPiiii_\$_deep" "self-recursion: past the frame stack, the recursive copy"
expect_not_contains "$func" "call.uni (retval0), _Z5splitPiiii," "self-recursion: the function does not call itself"
expect_contains "$func" "__local_depot" "self-recursion: its frames in local memory"
expect_contains "$(ptx_function self.sm_90.ptx '_Z5splitPiiii_$_deep')" "_Z5splitPiiii_\$_deep," "the copy is the recursion as written"
# The frame's layout follows the function, not the addresses of the compiler's objects.
for run in 2 3; do cu -sm_90 -O3 -S -gpu self.cu -o self$run; done
expect_eq "$(md5sum < self2.sm_90.ptx)" "$(md5sum < self.sm_90.ptx)" "self-recursion: the same PTX at every compile"
expect_eq "$(md5sum < self3.sm_90.ptx)" "$(md5sum < self.sm_90.ptx)" "self-recursion: the same PTX at every compile (3)"

cat > copy.cu <<'SRC'
__global__ void copy(const float4* in, float4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
SRC
cu -sm_90 -O3 -S -gpu copy.cu -o copy
expect_contains "$(cat copy.sm_90.ptx)" "ld.global.v4" "a float4 copy: one vector load"
expect_contains "$(cat copy.sm_90.ptx)" "st.global.v4" "a float4 copy: one vector store"
# Larger structs: the widest loads their alignment allows, every one before the first
# store (the backend's own expansion alternated 8-byte loads and stores, so each load
# waited for the store before it); 4-byte alignment: four 4-byte loads first.
cat > copy32.cu <<'SRC'
struct __align__(16) Pair { uint4 a, b; };
struct Quad { unsigned r, g, b, a; };
__global__ void copy32(const Pair* in, Pair* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
__global__ void copy16(const Quad* in, Quad* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
SRC
cu -sm_90 -O3 -S -gpu copy32.cu -o copy32
accesses() { sed -n "/^.visible .entry $1/,/^}/p" copy32.sm_90.ptx | grep -oE '(ld|st)\.global[.a-z0-9]*' | tr '\n' ' '; }
expect_eq "$(accesses _Z6copy32)" "ld.global.v4.b32 ld.global.v4.b32 st.global.v4.b32 st.global.v4.b32 " "a 32-byte struct: two vector loads, then two vector stores"
expect_eq "$(accesses _Z6copy16)" "ld.global.b32 ld.global.b32 ld.global.b32 ld.global.b32 st.global.b32 st.global.b32 st.global.b32 st.global.b32 " "a 4-byte-aligned 16-byte struct: four loads, then four stores"

# Local and shared memory are addressed with 32-bit registers in optimised code (as
# nvcc's); -OG0 keeps 64-bit ones. A device function taking a struct by value whose
# address it returns compiles either way (LLVM 22 needs it copied first).
cat > short.cu <<'SRC'
struct It { float* p; };
__attribute__((noinline)) It* self(It it) { static __shared__ It keep; keep = it; return &keep; }
__global__ void k(float* out, int i) {
  __shared__ float tile[256];
  tile[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + i) & 255] + self(It{out})->p[0];
}
SRC
cu -sm_90 -O3 -S -gpu short.cu -o short3 && expect_eq "$(grep -cE 'ld.shared.(b32|f32)\s+%(r|f)[0-9]+, \[%r' short3.sm_90.ptx)" 1 "-OG3: shared memory through a 32-bit register"
cu -sm_90 -OG0 -S -gpu short.cu -o short0 && expect_contains "$(cat short0.sm_90.ptx)" "cvta.shared.u64" "-OG0: 64-bit shared addresses"
# A block-stride loop over a tile, `for (i = threadIdx.x; i < 1024; i += 256)`, runs a
# number of times LLVM bounds (4) but cannot count: it is unrolled to the bound, and
# with launch bounds the copies' guards fold, so the loads issue together
# (targets/nvptx/thread_bound_loops.h). Without launch bounds threadIdx.x may reach
# 1023: the copies stay guarded.
cat > tile.cu <<'SRC'
__global__ void __launch_bounds__(256) bounded(const float* in, float* out) {
  __shared__ float tile[1024];
  for (int i = threadIdx.x; i < 1024; i += 256) tile[i] = in[blockIdx.x * 1024 + i];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[1023 - threadIdx.x];
  if (threadIdx.x >= 256) out[0] = -1; // never: the launch bounds say so
}
__global__ void unbounded(const float* in, float* out) {
  __shared__ float tile[1024];
  for (int i = threadIdx.x; i < 1024; i += 256) tile[i] = in[blockIdx.x * 1024 + i];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[1023 - threadIdx.x];
}
SRC
cu -sm_90 -O3 -S -gpu tile.cu -o tile
bounded=$(sed -n '/^.visible .entry _Z7bounded/,/^}/p' tile.sm_90.ptx)
unbounded=$(sed -n '/^.visible .entry _Z9unbounded/,/^}/p' tile.sm_90.ptx)
expect_eq "$(grep -c 'ld.global' <<< "$bounded")" 4 "launch bounds: the tile loop's four loads"
expect_eq "$(grep -c 'bra' <<< "$bounded")" 0 "launch bounds: no loop and no guard left"
expect_not_contains "$bounded" "-1082130432" "launch bounds: threadIdx.x >= 256 folds away (no store of -1.0f)"
expect_eq "$(grep -c 'ld.global' <<< "$unbounded")" 4 "no launch bounds: unrolled too"
expect_contains "$unbounded" "bra" "no launch bounds: the copies keep their guards"
# A loop whose count is known only at run time and that steps by a constant is
# unrolled 4x, as nvcc's (targets/nvptx/unroll_factors.h): LLVM declines because
# computing (n - 1 - lane) / 32 + 1 first costs more than its budget. So is a grid-stride
# loop whose int stride is set before the loop (nvcc's too: four loads in flight where
# few threads run); one adding the unsigned `blockDim.x * gridDim.x` may wrap and is
# not counted (rolled, as nvcc's), a block's threads stepping over 512 elements (a
# reduction step) stay rolled, as nvcc's, and a loop under `#pragma unroll 1` stays as
# written.
cat > strided.cu <<'SRC'
__global__ void row_max(const float* in, float* out, int n) {
  int lane = threadIdx.x % 32;
  float m = -1e30f;
  for (int i = lane; i < n; i += 32) m = fmaxf(m, in[i]);
  out[threadIdx.x] = m;
}
__global__ void grid_stride(const float* in, float* out, int n) {
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) s += in[i];
  out[threadIdx.x] = s;
}
__global__ void int_stride(const float* in, float* out, int n) {
  const int stride = blockDim.x * gridDim.x;
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) s += in[i];
  out[threadIdx.x] = s;
}
__global__ void block_step(float* y) {
  for (int i = threadIdx.x; i < 512; i += blockDim.x) y[i] += y[i + 512];
}
__global__ void kept(const float* in, float* out, int n) {
  int lane = threadIdx.x % 32;
  float m = -1e30f;
#pragma unroll 1
  for (int i = lane; i < n; i += 32) m = fmaxf(m, in[i]);
  out[threadIdx.x] = m;
}
SRC
cu -sm_90 -O3 -S -gpu strided.cu -o strided
entry() { sed -n "/^.visible .entry $1/,/^}/p" strided.sm_90.ptx; }
expect_eq "$(entry _Z7row_max | grep -c 'ld.global')" 5 "a strided loop: four loads unrolled and the remainder's one"
expect_eq "$(entry _Z11grid_stride | grep -c 'ld.global')" 1 "a grid-stride loop adding an unsigned stride stays rolled"
expect_eq "$(entry _Z10int_stride | grep -c 'ld.global')" 5 "a grid-stride loop of an int stride: four loads unrolled and the remainder's one"
expect_eq "$(entry _Z10block_step | grep -c 'ld.global')" 2 "a reduction step over 512 elements stays rolled"
expect_eq "$(entry _Z4kept | grep -c 'ld.global')" 1 "#pragma unroll 1 is kept"
# The host's -O does not decide the device code's: without it (CMake's Debug build) the
# same loops unroll, as nvcc's device code is optimised the same either way.
cu -sm_90 -S -gpu strided.cu -o strided
expect_eq "$(entry _Z7row_max | grep -c 'ld.global')" 5 "no host -O: the strided loop still unrolled"
cu -sm_90 -O0 -g -S -gpu strided.cu -o strided
expect_eq "$(entry _Z7row_max | grep -c 'ld.global')" 5 "host -O0 -g: the strided loop still unrolled"
# A constant count too large to unroll fully (500 trips) is unrolled by a power of two
# (4, nvcc's factor), not by LLVM's largest divisor of the count under its size limit (5),
# and without a "nounroll" pragma: ptxas may unroll further, as it does nvcc's.
cat > poly.cu <<'SRC'
__global__ void poly(const float* c, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i], acc = 0;
  for (int j = 0; j < 8000; j += 16) acc = acc * v + c[(j + i) % 8000];
  y[i] = acc;
}
SRC
cu -sm_90 -O3 -S -gpu poly.cu -o poly
expect_eq "$(grep -c 'ld.global' poly.sm_90.ptx)" 5 "500 trips: four coefficient loads per iteration and x's"
expect_not_contains "$(cat poly.sm_90.ptx)" "nounroll" "ptxas may unroll the loop further"
# Where the factor leaves a remainder, LLVM's remainder loop stays rolled to the end:
# a 31-trip loop (quasirandomGenerator's bits) is unrolled fully, as nvcc's; 66 trips
# by 2, which divides them.
cat > bits.cu <<'SRC'
__constant__ unsigned table[128];
template <int N> __global__ void bits(unsigned* out, unsigned seed) {
  unsigned data = seed + threadIdx.x, r = 0;
  for (int bit = 0; bit < N; bit++, data >>= 1)
    if (data & 1) r ^= table[bit];
  out[threadIdx.x] = r;
}
template __global__ void bits<31>(unsigned*, unsigned);
template __global__ void bits<66>(unsigned*, unsigned);
SRC
cu -sm_90 -O3 -S -gpu bits.cu -o bits
bits_of() { sed -n "/^.visible .entry _Z4bitsILi$1/,/^}/p" bits.sm_90.ptx; }
expect_eq "$(bits_of 31 | grep -c 'ld.const')" 31 "31 trips: unrolled fully"
expect_not_contains "$(bits_of 31)" "nounroll" "31 trips: no remainder loop"
expect_not_contains "$(bits_of 66)" "nounroll" "66 trips: no remainder loop"
# A WMMA k loop LLVM leaves rolled whose fragments take 8 or more registers a step
# (half: 16) keeps ptxas from unrolling it (targets/nvptx/tensor_core_loops.h); one with
# smaller fragments (double: 4) is left to ptxas.
cat > mma.cu <<'SRC'
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;
template <class In, class Acc, int M, int K>
__global__ void gemm(int n, const In* A, const In* B, Acc* C) {
  wmma::fragment<wmma::matrix_a, M, M, K, In, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, M, M, K, In, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, M, M, K, Acc> c;
  wmma::fill_fragment(c, Acc(0));
  for (int k = 0; k < n; k += K) {
    wmma::load_matrix_sync(a, A + k, n);
    wmma::load_matrix_sync(b, B + k, n);
    wmma::mma_sync(c, a, b, c);
  }
  wmma::store_matrix_sync(C, c, n, wmma::mem_row_major);
}
template __global__ void gemm<__half, float, 16, 16>(int, const __half*, const __half*, float*);
template __global__ void gemm<double, double, 8, 4>(int, const double*, const double*, double*);
SRC
cu -sm_90 -O3 -S -gpu mma.cu -o mma
expect_contains "$(sed -n '/^.visible .entry _Z4gemmI6__half/,/^}/p' mma.sm_90.ptx)" 'pragma "nounroll"' "half fragments: the k loop stays rolled"
expect_not_contains "$(sed -n '/^.visible .entry _Z4gemmIdd/,/^}/p' mma.sm_90.ptx)" 'nounroll' "double fragments: left to ptxas"
# A bit field extracted before a barrier and used after it is extracted again there
# (targets/nvptx/bitfield_extracts.h) when the value it comes from is still needed; an
# identical shift and mask would be merged back by ptxas.
cat > digits.cu <<'SRC'
__global__ void digits(const unsigned* keys, unsigned* out, int shift, int bits, int reuse) {
  __shared__ unsigned counts[256];
  unsigned k[4], mask = ~(~0u << bits);
  for (int i = 0; i < 4; ++i) k[i] = keys[i * 128 + threadIdx.x];
  counts[threadIdx.x] = 0;
  __syncthreads();
  for (int i = 0; i < 4; ++i) atomicAdd(&counts[(k[i] >> shift) & mask], 1u);
  __syncthreads();
  for (int i = 0; i < 4; ++i) out[i * 128 + threadIdx.x] = counts[(k[i] >> shift) & mask] + (reuse ? k[i] : 0);
}
SRC
cu -sm_90 -O3 -S -gpu digits.cu -o digits
expect_eq "$(awk '/bar.sync/ {n++} n >= 2 && /bfe.u32/ {c++} END {print c + 0}' digits.sm_90.ptx)" 4 \
  "each key's digit is extracted again after the barrier"
expect_eq "$(grep -c 'bfe.u32' digits.sm_90.ptx)" 4 "and only there"
sed 's/ + (reuse ? k\[i\] : 0)//' digits.cu > kept.cu
cu -sm_90 -O3 -S -gpu kept.cu -o kept
expect_eq "$(grep -c 'bfe.u32' kept.sm_90.ptx)" 0 "a key not needed after the barrier: its digit is kept instead"
# CUB's onesweep kernel (thrust::sort of unsigned keys) ranks each key by its digit after
# the decoupled look-back; with the digits extracted again and each rank computed where
# its operands end (no MachineSink, targets/nvptx/machine_sinking.h), ptxas fits it in
# nvcc's 56 registers under .maxntid 384 (3 blocks per SM; 80 before, bench/RESULTS.md).
# Sorting key-value pairs, its full- and partial-tile scatters compute the same item
# indices, which were held joined across the value pass (targets/nvptx/
# merged_recomputations.h): 125 before, nvcc's 80 with that, 65 without MachineSink. For
# int keys the kernel's short cut ends its threads with asm("exit;") (targets/nvptx/
# thread_exits.h): 56 (80 before).
cat > sort.cu <<'SRC'
#include <thrust/device_vector.h>
#include <thrust/sort.h>
void sort(thrust::device_vector<unsigned>& v) { thrust::sort(v.begin(), v.end()); }
void sort(thrust::device_vector<int>& v) { thrust::sort(v.begin(), v.end()); }
void sort(thrust::device_vector<unsigned>& k, thrust::device_vector<unsigned>& v) {
  thrust::sort_by_key(k.begin(), k.end(), v.begin());
}
SRC
cu -sm_90 -O3 -S -gpu sort.cu -o sort
"$CUDA_PATH/bin/ptxas" -arch=sm_90 -O3 -v sort.sm_90.ptx -o sort.cubin 2> ptxas.log
onesweep() {
  awk -v kind="$1" '/Compiling entry/ {k = /DeviceRadixSortOnesweepKernel/ && index($0, kind)}
                    k && /Used [0-9]+ registers/ {print $5; exit}' ptxas.log
}
expect_eq "$(onesweep policy_hubIjNS0_8NullType)" 56 "CUB's onesweep kernel, keys: nvcc's register count"
expect_eq "$(onesweep policy_hubIiNS0_8NullType)" 56 "CUB's onesweep kernel, int keys: nvcc's register count"
pairs=$(onesweep policy_hubIjj)
check; [ "$pairs" -le 80 ] || fail "CUB's onesweep kernel, key-value pairs: $pairs registers, nvcc's 80"
# Inlining into one function stops near 10,000 IR instructions (targets/nvptx/
# inline_growth.h): a kernel calling N distinct ~300-instruction functions once each
# inlines all 20 of 20, and stops with calls left at 60.
grow() {
  for ((i = 0; i < $1; ++i)); do
    printf '__device__ static float f%d(const float* p, int n) {\n  float a = 0, b = 1;\n' $i
    printf '  _Pragma("unroll") for (int j = 0; j < 24; ++j) { a += p[(j * %d) %% n] * b; b = b * 1.0001f + p[(j + %d) %% n]; if (a > %d.5f) a -= b; }\n  return a + b;\n}\n' $((i + 3)) $i $i
  done
  printf '__global__ void k(const float* p, float* out, int n) { *out = 0'
  for ((i = 0; i < $1; ++i)); do printf ' + f%d(p, n)' $i; done
  printf '; }\nint main() {}\n'
}
kernel_ir() { awk '/^define .*ptx_kernel/{n = 0; on = 1; next} on && /^}/{print n; on = 0} on && /^  [^ ]/{n++}' "$1"; }
grow 20 > grow20.cxx; grow 60 > grow60.cxx
for n in 20 60; do
  cu -sm_90 -S -gpu "grow$n.cxx" -o "grow$n" > /dev/null 2>&1
  cu -sm_90 -S -gpu -emit-llvm "grow$n.cxx" -o "grow${n}ll" > /dev/null 2>&1
done
expect_eq "$(grep -c 'call.uni' grow20.sm_90.ptx)" 0 "20 callees: all inlined"
calls=$(grep -c 'call.uni' grow60.sm_90.ptx)
check; [ "$calls" -gt 0 ] || fail "60 callees: some calls left (none)"
size=$(kernel_ir grow60ll.sm_90.ll)
check; [ "$size" -gt 4000 ] && [ "$size" -le 10000 ] || fail "60 callees: the kernel inlined up to the limit ($size IR instructions)"
# -fgpu-relocatable-ptxas: each sm through `ptxas -c`, then nvlink; the fat binary still
# has each sm's cubin and PTX, and a cubin is a linked one (EXEC), not ptxas's object.
out=$(cu -v -fgpu-relocatable-ptxas -sm_75 -sm_90 "$EXAMPLES/saxpy.cxx" -o rsaxpy 2>&1)
expect_eq "$?" 0 "-fgpu-relocatable-ptxas builds"
expect_contains "$out" '"-c" "-m64" "-v" "-arch=sm_90"' "ptxas -c"
expect_contains "$out" 'nvlink" "--arch=sm_90"' "then nvlink"
expect_eq "$("$CIRCLE" --list-fatbin=rsaxpy | wc -l)" 4 "two cubins, two PTX"
cu -fgpu-relocatable-ptxas -sm_90 -cubin "$EXAMPLES/saxpy.cxx" -o rsaxpy.cubin > /dev/null 2>&1
expect_contains "$(readelf -h rsaxpy.cubin)" "EXEC (Executable file)" "-cubin: the linked cubin"
expect_contains "$(cu -fgpu-relocatable-ptxas -sm_90 "$EXAMPLES/saxpy.cxx" -o x -### 2>&1)" '-c -arch=sm_90, then "' "-### says so"
# A const by-value kernel parameter whose address is taken stays in parameter space, as
# __grid_constant__ keeps it (CUTLASS leaves the attribute out under Clang, and its TMA
# descriptors were copied to local memory); a non-const one is the kernel's own copy.
cat > grid_const.cu <<'SRC'
struct Params { unsigned long long desc[16]; int n; };
// An address the optimiser cannot see through, as a TMA instruction's operand.
__device__ inline void touch(const void* p) { asm volatile("prefetch.L2 [%0];" ::"l"(p)); }
__global__ void in_place(const Params p, int* out) { touch(&p.desc[3]); out[0] = p.n; }
__global__ void copied(Params p, int* out) { p.n += 1; touch(&p); out[0] = p.n; }
struct Counted { mutable int hits; int v[32]; };
__global__ void mutable_member(const Counted c, int* out) { touch(&c); out[0] = c.v[1]; }
int main() {}
SRC
cu -sm_90 -S -gpu grid_const.cu -o grid_const; expect_eq "$?" 0 "const kernel parameters compile"
body() { awk "/.entry $1/,/^}/" grid_const.sm_90.ptx; }
expect_contains "$(body _Z8in_place6ParamsPi)" "cvta.param" "a const parameter is read where it is"
expect_not_contains "$(body _Z8in_place6ParamsPi)" "__local_depot" "without a local copy"
expect_contains "$(body _Z6copied6ParamsPi)" "__local_depot" "a parameter the kernel writes is its own copy"
expect_contains "$(body _Z14mutable_member7CountedPi)" "__local_depot" "so is a const one with mutable members"
# CUDA's SIMD-within-a-word functions are word arithmetic, as nvcc's, not PTX video
# instructions ptxas must emulate (targets/nvptx/simd_video.h);
# written as asm by the user too. vabsdiff stays (nvcc keeps it too), and so does an asm
# with a lane selector, which is not the form rewritten.
cat > lanes.cu <<'SRC'
__global__ void lanes(unsigned* o, const unsigned* a, const unsigned* b) {
  int i = threadIdx.x;
  unsigned x = a[i], y = b[i], r;
  asm("vadd4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0u));
  o[i] = __vsub4(x, y) ^ __vcmpne4(x, y) ^ __vsubss4(x, y) ^ __vaddus2(x, y) ^ __vcmpeq2(x, y) ^ r;
  o[i + 32] = __vmaxs4(x, y) ^ __vminu2(x, y) ^ __vavgu4(x, y) ^ __vcmpltu4(x, y) ^ __vsetges2(x, y);
  o[i + 64] = __vsadu4(x, y);
  asm("vsub4.u32.u32.u32 %0.b10, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(0u));
  o[i + 128] = r;
}
SRC
cu -sm_90 -S -gpu lanes.cu -o lanes
expect_eq "$(grep -cE '\bv(add|sub|min|max|avrg|set)[24]\.' lanes.sm_90.ptx)" 1 "SIMD functions as word arithmetic (the selector form kept)"
expect_contains "$(cat lanes.sm_90.ptx)" "vsub4.u32.u32.u32 %r" "the asm with a lane selector is left as written"
expect_contains "$(cat lanes.sm_90.ptx)" "vabsdiff4.u32.u32.u32.add" "__vsadu4 stays vabsdiff4, as nvcc's"
# A lane mask from lane signs is one sign-replicating prmt, as nvcc's, not a shift, an
# and and a multiply (targets/nvptx/lane_sign_masks.h): __vcmp*'s own, the lowered
# saturations' and min/max's, and one written by hand.
cat > masks.cu <<'SRC'
__global__ void masks(unsigned* o, const unsigned* a, const unsigned* b) {
  int i = threadIdx.x;
  unsigned x = a[i], y = b[i];
  o[i] = __vcmpne4(x, y);
  o[i + 32] = __vcmpgtu2(x, y);
  o[i + 64] = __vaddus4(x, y);
  o[i + 96] = __vmins2(x, y);
  o[i + 128] = ((x >> 7) & 0x01010101u) * 0xffu;
}
SRC
cu -sm_90 -S -gpu masks.cu -o masks
expect_eq "$(grep -c 'prmt.b32.*0xba98' masks.sm_90.ptx)" 3 "byte masks: one prmt each"
expect_eq "$(grep -c 'prmt.b32.*0xbb99' masks.sm_90.ptx)" 2 "halfword masks: one prmt each"
expect_eq "$(grep -c 'mul.lo' masks.sm_90.ptx)" 0 "no multiply left"
# Two 4-byte reads of one entry of an 8-byte __device__ table are one 8-byte load, as
# nvcc's: the table's alignment is known once the address space is (known_alignment.h).
cat > table.cu <<'SRC'
#include <cstdint>
static const __device__ uint64_t table[256] = {1, 2, 3, 4, 5, 6, 7, 8};
__global__ void pairs(const uint8_t* idx, int* out) {
  int i = threadIdx.x;
  const int* entry = (const int*)(table + idx[i]);
  out[i] = (entry[1] ^ i) + entry[0] * 3;
}
SRC
cu -sm_90 -S -gpu table.cu -o table
expect_contains "$(cat table.sm_90.ptx)" "ld.global.nc.v2.b32" "the entry is read with one vector load"
expect_eq "$(grep -cE 'ld.global.nc.b32' table.sm_90.ptx)" 0 "no 4-byte read of the table"

# extern __shared__ arrays are aligned 16 (or more, as declared), as nvcc declares them:
# they all start at the block's dynamic shared memory. An int4 copied into one of 2-byte
# elements (cuda-samples' tensor-core GEMMs) is then one 16-byte load and store, where
# Clang's alignment (the array's, 2) made eight 2-byte pairs.
cat > dynshared.cu <<'SRC'
#include <cuda_fp16.h>
extern __shared__ __half tile[][72];
struct alignas(32) Wide { char c[32]; };
extern __shared__ Wide wide[];
__global__ void stage(const __half* in, float* out, int rows) {
  int lane = threadIdx.x % 8, row = threadIdx.x / 8;
  for (int r = row; r < rows; r += blockDim.x / 8)
    *((int4*)&tile[r][0] + lane) = *((const int4*)(in + r * 64) + lane);
  __syncthreads();
  out[threadIdx.x] = __half2float(tile[row][lane]) + wide[0].c[threadIdx.x % 32];
}
SRC
cu -sm_90 -S -gpu dynshared.cu -o dynshared
expect_contains "$(cat dynshared.sm_90.ptx)" ".extern .shared .align 16 .b8 tile[];" "extern __shared__ of 2-byte elements: .align 16 (nvcc's)"
expect_contains "$(cat dynshared.sm_90.ptx)" ".extern .shared .align 32 .b8 wide[];" "an alignas(32) element keeps its 32"
expect_contains "$(cat dynshared.sm_90.ptx)" "st.shared.v4.b32" "the int4 copy: one 16-byte store"
expect_eq "$(grep -cE 'st.shared.b16|ld.global.b16' dynshared.sm_90.ptx)" 0 "no 2-byte pieces of it"

# `#pragma unroll` on a long loop: of arithmetic, unrolled fully (nvcc 13.0: 64 sqrt
# in its PTX); in a module of tensor-core operations, partly, not up to LLVM's 16,384
# instructions (targets/nvptx/unroll_factors.h says where that was measured); -mllvm
# -pragma-unroll-threshold= decides when given.
cat > pragma_unroll.cu <<'SRC'
__global__ void chain(float* p, const float* q) {
  float a = p[threadIdx.x], b = q[threadIdx.x];
#pragma unroll
  for (int k = 0; k < 64; k++) {
    a = a * b + q[k * 32 + threadIdx.x];
    b = b * a - q[k * 32 + 2048 + threadIdx.x];
    a = __fdividef(a, b + 1.0f) + sqrtf(b * b + 1.0f) * q[k * 32 + 4096 + threadIdx.x];
    b = __fdividef(b, a + 2.0f) + __expf(a) * q[k * 32 + 6144 + threadIdx.x];
    a = a * q[k * 32 + 8192 + threadIdx.x] + b * q[k * 32 + 10240 + threadIdx.x];
    b = __sinf(b) * a + q[k * 32 + 12288 + threadIdx.x] * __cosf(a);
  }
  p[threadIdx.x] = a + b;
}
SRC
cu -sm_90 -S -gpu pragma_unroll.cu -o pu
expect_eq "$(grep -c 'sqrt' pu.sm_90.ptx)" 64 "arithmetic: the 64 trips unrolled fully, as nvcc"
cat > pragma_wmma.cu <<'SRC'
#include <mma.h>
using namespace nvcuda;
__global__ void tiles(const half* a, const half* b, float* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][4];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++) wmma::fill_fragment(acc[i][j], 0.0f);
#pragma unroll
  for (int k = 0; k < 64; k++) {
#pragma unroll
    for (int s = 0; s < 8; s++) {
#pragma unroll
      for (int i = 0; i < 2; i++) {
        wmma::load_matrix_sync(fa, a + k * 2048 + s * 256 + i * 16, 1024);
#pragma unroll
        for (int j = 0; j < 4; j++) {
          wmma::load_matrix_sync(fb, b + k * 2048 + s * 256 + j * 16, 1024);
          wmma::mma_sync(acc[i][j], fa, fb, acc[i][j]);
        }
      }
    }
  }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++) wmma::store_matrix_sync(c + i * 16 * 64 + j * 16, acc[i][j], 64, wmma::mem_row_major);
}
SRC
cu -sm_90 -S -gpu pragma_wmma.cu -o pw
cu -sm_90 -S -gpu pragma_wmma.cu -o pwfull -mllvm -pragma-unroll-threshold=16384
partial=$(grep -c 'wmma.mma' pw.sm_90.ptx); full=$(grep -c 'wmma.mma' pwfull.sm_90.ptx)
expect_eq "$full" 4096 "-mllvm -pragma-unroll-threshold=16384: the 64 trips of 64 mma unrolled fully"
expect_eq "$partial" 1024 "tensor-core operations: unrolled partly (nvcc 13.0 unrolls this one fully, the samples' GEMM loops 8x)"
# A sum held across a loop that does not read it is computed again after the loop, from
# operands that are live there anyway (targets/nvptx/ptx_rematerialization.h): ptxas
# holds no register for it through the loop. CUB's select sweep: 70 registers -> 56.
cat > remat.cu <<'SRC'
__global__ void spans(const int* in, int* out, int n) {
  int t = threadIdx.x;
  int a = in[t], b = in[t + 32];
  int s = a + b;
  out[t + 96] = s;
  int acc = 0;
  for (int i = 0; i < n; ++i) acc += in[i * 64 + t] * i;
  out[t] = s + acc;
  out[t + 32] = a;
  out[t + 64] = b;
}
SRC
cu -sm_90 -S -gpu remat.cu -o remat
sum=$(grep -m1 -oE 'add\.s32 \s*%r[0-9]+, %r[0-9]+, %r[0-9]+;' remat.sm_90.ptx)
expect_eq "$(grep -cF "$sum" remat.sm_90.ptx)" 2 "a + b: computed before the loop and again after it"
last_label=$(grep -n '^\$L' remat.sm_90.ptx | tail -1 | cut -d: -f1)
again=$(grep -nF "$sum" remat.sm_90.ptx | tail -1 | cut -d: -f1)
check; [ "$again" -gt "$last_label" ] || fail "the second a + b is in the block after the loop"
# Read inside the loop, it is not computed again there.
sed 's/acc += in\[i \* 64 + t\] \* i;/acc += in[i * 64 + t] * s;/' remat.cu > remat_loop.cu
cu -sm_90 -S -gpu remat_loop.cu -o remat_loop
sum=$(grep -m1 -oE 'add\.s32 \s*%r[0-9]+, %r[0-9]+, %r[0-9]+;' remat_loop.sm_90.ptx)
loop_copies=$(awk -v s="$sum" 'index($0, s) {n++} END {print n + 0}' remat_loop.sm_90.ptx)
check; [ "$loop_copies" -le 2 ] || fail "no copy of a + b inside the loop ($loop_copies)"
# A comparison kept as a 0/1 flag and tested again in a later block: the later block
# tests the flag (targets/nvptx/kept_flags.h), so the remainder it compared ends at the
# flag (no mul.hi: LLVM's divisibility test, x * inverse < bound, needs no remainder).
cat > kept.cu <<'SRC'
__global__ void kept(const unsigned* in, unsigned* out, const int* sums) {
  unsigned x[4];
  int f[4];
  for (int i = 0; i < 4; ++i) {
    x[i] = in[threadIdx.x * 4 + i];
    f[i] = x[i] % 3 == 0;
  }
  int base = 0;
  for (int k = 0; k < (int)threadIdx.x; ++k) base += sums[k] + f[k & 3];
  for (int i = 0; i < 4; ++i) {
    if (f[i]) out[base] = x[i];
    base += f[i];
  }
}
SRC
cu -sm_90 -O3 -S -gpu kept.cu -o keptflags
expect_eq "$(awk '/selp.b32.*, 1, 0, %p/ {sub(",", "", $2); flag[$2] = 1}
                  /setp.(eq|ne).b32.*, 0;/ {r = $3; sub(",", "", r); if (r in flag) n++} END {print n + 0}' keptflags.sm_90.ptx)" 4 \
  "each later branch tests its item's kept flag"
expect_eq "$(grep -c 'mul.hi' keptflags.sm_90.ptx)" 0 "no remainder held for the later branches"
# thrust::copy_if's select sweep (17 items a thread): the flags tested where they are
# kept, sums of flags written on both sides of a branch computed again where they are
# read, and no MachineSink: nvcc's 56 registers (77 before: 2 blocks of 384 threads per
# SM instead of 3). -mllvm -disable-machine-sink=false is the user's word and stands.
cat > copy_if.cu <<'SRC'
#include <thrust/copy.h>
#include <thrust/device_vector.h>
struct multiple_of_3 {
  __host__ __device__ bool operator()(unsigned x) const { return x % 3 == 0; }
};
int keep(thrust::device_vector<unsigned>& in, thrust::device_vector<unsigned>& out) {
  return thrust::copy_if(in.begin(), in.end(), out.begin(), multiple_of_3()) - out.begin();
}
SRC
sweep_registers() {
  "$CUDA_PATH/bin/ptxas" -arch=sm_90 -v "$1" -o /dev/null 2>&1 |
    awk '/Compiling entry/ {k = /DeviceSelectSweepKernel/} k && /Used [0-9]+ registers/ {print $5; exit}'
}
cu -sm_90 -O3 -S -gpu copy_if.cu -o copy_if
sweep=$(sweep_registers copy_if.sm_90.ptx)
check; [ -n "$sweep" ] && [ "$sweep" -le 56 ] || fail "copy_if's select sweep: $sweep registers, nvcc's 56"
cu -sm_90 -O3 -S -gpu copy_if.cu -o copy_if_sink -mllvm -disable-machine-sink=false
sunk=$(sweep_registers copy_if_sink.sm_90.ptx)
check; [ -n "$sunk" ] && [ "$sunk" -gt "$sweep" ] || fail "with the user's MachineSink: $sunk registers (without: $sweep)"
# -Xclang -disable-llvm-passes: the device's IR is left as Clang generated it (its
# locals still allocas), as the host's is; without it, both are optimised.
cat > nopasses.cu <<'SRC'
__global__ void k(int* p) { int a = 1; int b = a + 2; p[threadIdx.x] = b * 3; }
int main() {}
SRC
cu -sm_90 -S -emit-llvm -gpu nopasses.cu -o nopasses -Xclang -disable-llvm-passes
check; grep -q 'alloca' nopasses.sm_90.ll || fail "-disable-llvm-passes: the device IR keeps its allocas"
cu -sm_90 -S -emit-llvm -gpu nopasses.cu -o optimised
expect_eq "$(grep -c 'alloca' optimised.sm_90.ll)" 0 "without it, the device IR is optimised"
cu -sm_90 nopasses.cu -o nopasses.out -Xclang -disable-llvm-passes
expect_file nopasses.out "-disable-llvm-passes: the program still builds"
# WMMA fragments read from a __shared__ tile use the instructions' shared forms with
# 32-bit addresses (targets/nvptx/tensor_core_address_spaces.h), and each access writes
# its tile offset into its own address (targets/nvptx/ptx_address_offsets.h), as nvcc's
# do: no generic address per fragment. dmmaTensorCoreGemm's kernels: 204-224 registers ->
# 78-128 (nvcc 96-168).
cat > tiles.cu <<'SRC'
#include <mma.h>
using namespace nvcuda;
__global__ void tiles(const half* a, const half* b, float* c) {
  __shared__ half sa[4][16 * 16], sb[4][16 * 16];
  for (int i = threadIdx.x; i < 4 * 256; i += 32) { sa[i / 256][i % 256] = a[i]; sb[i / 256][i % 256] = b[i]; }
  __syncthreads();
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < 4; ++k) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::load_matrix_sync(fa, sa[k], 16);
    wmma::load_matrix_sync(fb, sb[k], 16);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
SRC
cu -sm_90 -O3 -S -gpu tiles.cu -o tiles
expect_eq "$(grep -c 'wmma.load.[ab].sync.aligned.[a-z]*.m16n16k16.shared.f16' tiles.sm_90.ptx)" 8 \
  "the fragments' loads from shared memory use the shared form"
expect_eq "$(grep -c 'cvta.shared' tiles.sm_90.ptx)" 0 "no generic address of the tiles"

# A switch is compares and branches (predicated selects for a per-lane pick), never a
# jump table: nvcc 13.0 emits no brx.idx even for 16 warp-uniform cases
# (targets/nvptx/switch_lowering.h).
cat > pick.cu <<'SRC'
struct quad { unsigned x, y, z, w; };
__global__ void pick(quad* out, const quad* in) {
  quad a = in[0], b = in[1], c = in[2], d = in[3];
  auto at = [&](unsigned i) -> quad {
    switch (i) { case 0: return a; case 1: return b; case 2: return c; case 3: return d; }
    return {};
  };
  out[threadIdx.x] = at(threadIdx.x & 3);
}
__global__ void dispatch(int* out, const int* op, int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i) switch (op[i]) {
    case 0: acc += 3; break; case 1: acc *= 5; break; case 2: acc -= 7; break; case 3: acc ^= 11; break;
    case 4: acc <<= 1; break; case 5: acc >>= 2; break; case 6: acc |= 13; break; case 7: acc &= 0x7ff; break;
    case 8: acc += op[i + 1]; break; case 9: acc -= 9; break; case 10: acc *= acc; break; case 11: acc = ~acc; break;
  }
  out[threadIdx.x] = acc;
}
SRC
cu -sm_90 -O3 -S -gpu pick.cu -o pick
expect_file pick.sm_90.ptx "the switches' PTX"
expect_eq "$(grep -c 'brx.idx' pick.sm_90.ptx)" 0 "no jump table"
finish
