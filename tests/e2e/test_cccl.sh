# CCCL (libcu++, CUB, Thrust) in one pass: NV_IF_TARGET takes nvc++'s path and
# becomes `if target`, each sm's module keeps only its branch, CUB's single-PTX-
# version tuning gets a clear error with several sms. The GPU run comparing
# Thrust, CUB and libcu++ with nvcc is tests/gpu/nvcc/cccl.cu.
source "$(dirname "$0")/lib.sh"

cat > nv_target.cxx <<'SRC'
#include <nv/target>
#include <cstdio>
__global__ void k(int* out) {
  NV_IF_ELSE_TARGET(NV_IS_DEVICE, (out[0] = 1;), (out[0] = 2;));
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90, (out[1] = 90;), (out[1] = 75;));
  NV_DISPATCH_TARGET(NV_IS_EXACTLY_SM_75, (out[2] = 750;), NV_IS_EXACTLY_SM_90, (out[2] = 900;));
  // sm_90-only PTX in a branch sm_75 never generates.
  NV_IF_TARGET(NV_PROVIDES_SM_90, (asm volatile("fence.proxy.async;");));
}
int main() {
  int x = 0;
  NV_IF_ELSE_TARGET(NV_IS_HOST, (x = 7;), (x = 8;));
  printf("%d\n", x);
}
SRC
out=$(cu -sm_75 -sm_90 nv_target.cxx -o nv_target 2>&1)
expect_eq "$?" 0 "NV_IF_TARGET compiles for two sms ($out)"
expect_eq "$(./nv_target)" "7" "the host takes the NV_IS_HOST branch"
cu -sm_75 -sm_90 -S -gpu nv_target.cxx -o nv > /dev/null 2>&1
p75=$(grep 'st.global\|fence' nv.sm_75.ptx); p90=$(grep 'st.global\|fence' nv.sm_90.ptx)
expect_contains "$p75" "[%rd2], 1;" "sm_75: NV_IS_DEVICE"
expect_contains "$p75" "[%rd2+4], 75;" "sm_75: not NV_PROVIDES_SM_90"
expect_contains "$p75" "[%rd2+8], 750;" "sm_75: NV_DISPATCH_TARGET"
expect_not_contains "$p75" "fence.proxy.async" "sm_75 never sees the sm_90 asm"
expect_contains "$p90" "[%rd2+4], 90;" "sm_90: NV_PROVIDES_SM_90"
expect_contains "$p90" "[%rd2+8], 900;" "sm_90: NV_DISPATCH_TARGET"
expect_contains "$p90" "fence.proxy.async" "sm_90 keeps its asm"

# libcu++ needs no single sm.
cat > atomics.cxx <<'SRC'
#include <cuda/atomic>
#include <cuda/std/atomic>
__global__ void k(cuda::std::atomic<int>* a, int* p) {
  a->fetch_add(1);
  cuda::atomic_ref<int, cuda::thread_scope_block>(*p).fetch_max(threadIdx.x);
}
int main() { k<<<1, 1>>>(nullptr, nullptr); }
SRC
out=$(cu -sm_75 -sm_90 atomics.cxx -o atomics 2>&1)
expect_eq "$?" 0 "libcu++ atomics for two sms ($out)"

cat > thrust_sort.cxx <<'SRC'
#include <thrust/device_vector.h>
#include <thrust/sort.h>
int main() {
  thrust::device_vector<int> v(100, 1);
  thrust::sort(v.begin(), v.end());
}
SRC
out=$(cu -sm_90 thrust_sort.cxx -o thrust_sort 2>&1)
expect_eq "$?" 0 "thrust::sort for one sm ($out)"
expect_eq "$out" "" "no warnings (CUB's unroll requests are not worth one)"
expect_contains "$("$CIRCLE" --list-fatbin=thrust_sort)" "thrust_sort.1.sm_90.cubin" "Thrust's kernels in the fat binary"
out=$(cu -sm_75 -sm_90 thrust_sort.cxx -o bad 2>&1)
expect_eq "$?" 1 "CUB with two sms fails"
expect_contains "$out" "error: static assertion failed due to requirement '!__is_same(void, void)': CUB (and Thrust's CUDA algorithms) choose their tuning by one compile-time PTX version; circle compiles them for a single -sm_XX, as nvc++ does" "CUB with two sms: the reason"
expect_no_file bad "CUB with two sms leaves no output"
# sm_90 and sm_90a (nvcc's -arch=sm_90a) share PTX version 90: one tuning serves both.
out=$(cu -arch=sm_90a thrust_sort.cxx -o thrust_sort_90a 2>&1)
expect_eq "$?" 0 "thrust::sort for -arch=sm_90a ($out)"
expect_contains "$("$CIRCLE" --list-fatbin=thrust_sort_90a)" "thrust_sort_90a.2.sm_90a.cubin" "in the sm_90a image too"

# Thrust's own agents (set operations) tune their device code by __CUDA_ARCH__ at
# namespace scope (core/util.h: sm52 or sm60) and launch with the plan the host picks
# for the device's PTX version. circle takes nvc++'s branch there, so the kernels get
# the plan the host launches with: nvcc's block sizes. (The host view's sm52 plan gave
# 256-thread kernels launched with 512 threads: an empty thrust::set_union, no error.)
cat > set_union.cxx <<'SRC'
#include <thrust/device_vector.h>
#include <thrust/set_operations.h>
int main() {
  thrust::device_vector<int> a(100), b(100), out(200);
  return thrust::set_union(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin();
}
SRC
# Each agent kernel's agent and .maxntid, sorted.
block_sizes() {
  awk '/^\.visible \.entry/ { name = ""; if (match($3, /[0-9]+[A-Za-z]*Agent/)) { name = substr($3, RSTART, RLENGTH); sub(/^[0-9]+/, "", name) } }
       /\.maxntid/ && name != "" { split($2, a, ","); print name, a[1] }' "$1" | sort
}
out=$(cu -sm_90 -ptx set_union.cxx -o set_union.ptx 2>&1)
expect_eq "$?" 0 "thrust::set_union to PTX ($out)"
"$CUDA_PATH/bin/nvcc" -arch=sm_90 -ptx set_union.cxx -x cu -o set_union_nvcc.ptx 2>/dev/null
expect_eq "$(block_sizes set_union.ptx)" "$(block_sizes set_union_nvcc.ptx)" "Thrust's set-operation kernels: nvcc's block sizes"
expect_contains "$(block_sizes set_union.ptx)" "SetOpAgent 512" "the sm60 plan's 512-thread agent"

# A __device__ function referenced outside NV_IF_TARGET from host code stays an error.
cat > wrong_side.cxx <<'SRC'
__device__ int dev() { return 1; }
__host__ __device__ int hd() { return dev(); }
int main() { return hd(); }
SRC
out=$(cu -sm_75 wrong_side.cxx -o bad 2>&1)
expect_eq "$?" 1 "a wrong-side call outside NV_IF_TARGET fails"
expect_contains "$out" "wrong_side.cxx:2:39: error: reference to __device__ function 'dev' in __host__ __device__ function" "wrong-side call: Clang's error"
finish
