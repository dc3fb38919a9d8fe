# CCCL (libcu++, CUB, Thrust) in one pass: NV_IF_TARGET takes nvc++'s path and
# becomes `if target`, each sm's module keeps only its branch, CUB's kernels are
# instantiated with each sm's tuning policy. The GPU run comparing
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
# sm_90 and sm_90a (nvcc's -arch=sm_90a) share PTX version 90: one tuning serves both.
out=$(cu -arch=sm_90a thrust_sort.cxx -o thrust_sort_90a 2>&1)
expect_eq "$?" 0 "thrust::sort for -arch=sm_90a ($out)"
expect_contains "$("$CIRCLE" --list-fatbin=thrust_sort_90a)" "thrust_sort_90a.2.sm_90a.cubin" "in the sm_90a image too"

# CUB tunes each algorithm per sm (ChainedPolicy::ActivePolicy); Thrust's own agents
# (set operations) by __CUDA_ARCH__ at namespace scope (core/util.h: sm52 or sm60),
# and their hosts launch with the policy for the device's PTX version. For two sms in
# one compile, each sm's PTX must hold the kernels nvcc's pass for that sm compiles:
# the same names and block sizes (sema/policy_chains.h instantiates CUB's kernels per
# sm; the host view of Thrust's test once gave 256-thread kernels launched with 512
# threads, an empty thrust::set_union without an error).
cat > tuned.cxx <<'SRC'
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/set_operations.h>
#include <thrust/sort.h>
// A user's kernel over CUB's chain reads each sm's policy too.
using Hub = cub::detail::radix::policy_hub<int, cub::NullType, unsigned long long>;
template <class Chain> __global__ void histogram_shape(int* out) {
  *out = Chain::ActivePolicy::HistogramPolicy::BLOCK_THREADS * 1000 + Chain::ActivePolicy::HistogramPolicy::ITEMS_PER_THREAD;
}
int main() {
  histogram_shape<Hub::MaxPolicy><<<1, 1>>>(nullptr);
  histogram_shape<Hub::Policy700><<<1, 1>>>(nullptr); // also sm_75's stand-in: both sms keep it
  thrust::device_vector<int> a(100), b(100), out(200);
  thrust::sort(a.begin(), a.end());
  int n = thrust::set_union(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin();
  return n + thrust::reduce(a.begin(), a.end());
}
SRC
# Each kernel's symbol and its first .maxntid (nvcc writes "256, 1, 1", circle "256"),
# sorted. The symbols are nvcc's to the letter: CUB's and Thrust's ABI namespaces
# are named after __CUDA_ARCH_LIST__ (cub::CUB_300001_SM_750_900), as nvcc names them.
kernels() {
  awk '/\.entry / { if (name != "") print name, mx; n = $0; sub(/.*\.entry /, "", n); sub(/\(.*/, "", n); name = n; mx = "-" }
       /\.maxntid/ { mx = $2; sub(/,/, "", mx) }
       END { if (name != "") print name, mx }' "$1" | sort
}
out=$(cu -sm_75 -sm_90 -S -gpu tuned.cxx -o tuned 2>&1)
expect_eq "$?" 0 "Thrust/CUB for two sms ($out)"
expect_eq "$out" "" "no warnings"
mkdir -p nvcc_keep
cp tuned.cxx nvcc_keep/tuned.cu
(cd nvcc_keep && "$CUDA_PATH/bin/nvcc" -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90 \
   -c --keep tuned.cu -o tuned.o > /dev/null 2>&1)
for sm in 75 90; do
  expect_eq "$(kernels tuned.sm_$sm.ptx)" "$(kernels nvcc_keep/tuned.compute_$sm.ptx)" "sm_$sm's kernels and block sizes: nvcc's"
done
expect_ne "$(kernels tuned.sm_75.ptx)" "$(kernels tuned.sm_90.ptx)" "CUB's policies differ between sm_75 and sm_90"
# The constant the user's kernel stores (circle stores it directly, nvcc moves it first).
stored() { sed -n '/\.entry .*histogram_shape/,/ret;/p' "$1" | sed -n 's/.*, \([0-9][0-9][0-9][0-9]*\);$/\1/p' | head -1; }
for sm in 75 90; do
  expect_eq "$(stored tuned.sm_$sm.ptx)" "$(stored nvcc_keep/tuned.compute_$sm.ptx)" "sm_$sm: a user's kernel over CUB's chain reads nvcc's policy"
done
expect_ne "$(stored tuned.sm_75.ptx)" "$(stored tuned.sm_90.ptx)" "... which differs between the two sms"
expect_contains "$(kernels tuned.sm_90.ptx)" "SetOpAgent" "Thrust's set-operation agents are there"
expect_contains "$(kernels tuned.sm_90.ptx)" "_SM_750_900" "CUB's ABI namespace: named after both sms, as nvcc names it"
out=$(cu -sm_75 -sm_90 tuned.cxx -o tuned 2>&1)
expect_eq "$?" 0 "Thrust/CUB for two sms: an executable ($out)"
expect_contains "$("$CIRCLE" --list-fatbin=tuned)" "tuned.2.sm_90.cubin" "both sms' images"

# A read of nvc++'s PTX version in a CCCL header other than CUB's policy chain has no
# value for sms of two versions: an error where it is read (in an #if, at once).
mkdir -p probe/cccl
printf 'constexpr int probe = __NVCOMPILER_CUDA_ARCH__;\n' > probe/cccl/read.h
printf '#if __NVCOMPILER_CUDA_ARCH__ >= 800\n#endif\n' > probe/cccl/test.h
printf '#include <cccl/read.h>\nint main() { return probe != 900; }\n' > ptx_read.cxx
printf '#include <cccl/test.h>\nint main() {}\n' > ptx_test.cxx
out=$(cu -Iprobe -sm_75 -sm_90 ptx_read.cxx -o bad 2>&1)
expect_eq "$?" 1 "CCCL code reading its PTX version, two sms: an error"
expect_contains "$out" "CCCL reads its compile-time PTX version here, outside CUB's policy chain" "... saying why"
expect_contains "$out" "probe/cccl/read.h:1:23: note: in instantiation" "... where it reads it"
out=$(cu -Iprobe -sm_75 -sm_90 ptx_test.cxx -o bad 2>&1)
expect_eq "$?" 1 "an #if on it, two sms: an error"
expect_contains "$out" "probe/cccl/test.h:1:5: error: function-like macro '__circle_ptx_version_differs_per_sm' is not defined" "... at the #if"
expect_no_file bad "... and no output"
out=$(cu -Iprobe -sm_90 ptx_read.cxx -o ptx_read 2>&1)
expect_eq "$?" 0 "one sm: it reads that sm's version ($out)"
./ptx_read 2>/dev/null; expect_eq "$?" 0 "... 900"

# A kernel whose template argument holds CUB's chain inside another type: which policy
# it reads cannot be chosen per sm by replacing the argument, so two sms are an error.
cat > nested_chain.cxx <<'SRC'
#include <cub/device/device_reduce.cuh>
using Hub = cub::detail::reduce::policy_hub<int, unsigned, cuda::std::plus<int>>;
template <class P> struct Wrap { using Chain = P; };
template <class W> __global__ void k(int* out) { *out = W::Chain::ActivePolicy::ReducePolicy::BLOCK_THREADS; }
int main() { k<Wrap<Hub::MaxPolicy>><<<1, 1>>>(nullptr); }
SRC
out=$(cu -sm_75 -sm_90 nested_chain.cxx -o bad 2>&1)
expect_eq "$?" 1 "a chain nested in a kernel's template argument, two sms: an error"
expect_contains "$out" "nested_chain.cxx:5:14: error: kernel 'k' has a template argument that holds CUB's policy chain inside another type: circle builds it for one PTX version at a time" "... saying why, at the launch"
expect_no_file bad "... and no output"
out=$(cu -sm_90 nested_chain.cxx -o nested_chain 2>&1)
expect_eq "$?" 0 "the same for one sm ($out)"

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
