# Every device function the CUDA toolkit's intrinsic headers declare, called as nvcc
# accepts it, compiles with circle: the list comes from the headers themselves
# (toolkit_functions.py), and nvcc's own compile of the calls drops those nvcc refuses
# for the target (the warp shuffles without _sync on sm_70 and newer...), so neither
# side is a hand-written list. Also the macros nvcc predefines that code tests.
source "$(dirname "$0")/lib.sh"
nvcc="$CUDA_PATH/bin/nvcc"

headers=(device_atomic_functions.h sm_20_atomic_functions.h sm_20_intrinsics.h sm_30_intrinsics.h
         sm_32_atomic_functions.h sm_32_intrinsics.h sm_60_atomic_functions.h sm_61_intrinsics.h
         crt/sm_70_rt.h crt/sm_80_rt.h crt/sm_90_rt.h crt/device_functions.h crt/math_functions.h
         crt/device_double_functions.h)
python3 "$CIRCLE_ROOT/tests/e2e/toolkit_functions.py" "$CUDA_PATH/include" "${headers[@]}" > calls.cu 2> count.txt
expect_eq "$?" 0 "the calls are derived from the headers"
total=$(grep -o '^[0-9]*' count.txt)
check; [ "${total:-0}" -gt 1000 ] || fail "the headers declare some 1,100 functions: found ${total:-none}"

# nvcc says which calls it refuses: an error, or a deprecation for this target (ptxas
# then refuses the instruction); an undefined name drops every call of it.
for round in 1 2 3 4 5; do
  "$nvcc" -arch=sm_90 -ptx calls.cu -o calls.nvcc.ptx 2> nvcc.log && ! grep -q 'warning #1444-D' nvcc.log && break
  for name in $(sed -n 's/.*error: identifier "\([A-Za-z0-9_]*\)" is undefined.*/\1/p' nvcc.log | sort -u); do
    sed -i "/^  .*[^A-Za-z0-9_]$name(/s|^|// nvcc refuses: |" calls.cu
  done
  for line in $(sed -n 's/^calls.cu(\([0-9]*\)): \(error\|warning #1444-D\).*/\1/p' nvcc.log | sort -un); do
    sed -i "${line}s|^  |// nvcc refuses:   |" calls.cu
  done
done
"$nvcc" -arch=sm_90 -ptx calls.cu -o calls.nvcc.ptx 2> nvcc.log; expect_eq "$?" 0 "nvcc compiles what is left ($(head -3 nvcc.log))"
accepted=$(grep -c '^  ' calls.cu)
check; [ "$accepted" -gt 1000 ] || fail "nvcc accepts most calls for sm_90: $accepted of $total"
out=$(cu -sm_90 -ferror-limit=0 -S -gpu calls.cu -o calls 2>&1); rc=$?
expect_eq "$rc" 0 "circle compiles every call nvcc accepts ($accepted of $total): $(grep 'error:' <<< "$out" | head -20)"
# The cache-hinted loads and stores keep their hints, for types Clang's headers cover
# (int4) and those circle's templates do (long, float4 stores, __half).
cat > hints.cu <<'SRC'
#include <cuda_fp16.h>
template <class T> __global__ void k(const T* p, T* o) {
  o[0] = __ldg(p); o[1] = __ldca(p + 1); o[2] = __ldcg(p + 2); o[3] = __ldcs(p + 3); o[4] = __ldlu(p + 4);
  o[5] = __ldcv(p + 5); __stwb(o + 6, p[6]); __stcg(o + 7, p[7]); __stcs(o + 8, p[8]); __stwt(o + 9, p[9]);
}
template __global__ void k<int4>(const int4*, int4*);
template __global__ void k<long>(const long*, long*);
template __global__ void k<float4>(const float4*, float4*);
template __global__ void k<__half>(const __half*, __half*);
SRC
cu -sm_90 -S -gpu hints.cu -o hints; expect_eq "$?" 0 "the cache hints compile for each type"
# (Clang 22's own __ldg of a vector type loses .nc in LLVM's instruction selection, as
# clang++ does: the same values through the coherent cache, a speed matter.)
for kernel in 4int4 l 6float4 6__half; do
  body=$(awk "/.entry _Z1kI${kernel}/,/^}/" hints.sm_90.ptx)
  for op in ld.global.nc ld.global.ca ld.global.cg ld.global.cs ld.global.lu ld.global.cv st.global.wb st.global.cg st.global.cs st.global.wt; do
    case "$kernel:$op" in 4int4:ld.global.nc|6float4:ld.global.nc) continue ;; esac
    expect_contains "$body" "$op." "$op for $kernel"
  done
done

# nvcc's version macros, as nvcc defines them for the same toolkit.
printf '' > empty.cu
nv=$("$nvcc" -E -Xcompiler -dM empty.cu 2> /dev/null)
mine=$(cu -sm_90 -E -dM empty.cu 2> /dev/null)
# __NVCC__ too, in the program's own files (tests/e2e/test_porting.sh: not in system headers).
for macro in __CUDACC_VER_MAJOR__ __CUDACC_VER_MINOR__ __CUDACC_VER_BUILD__ __CUDA_API_VER_MAJOR__ __CUDA_API_VER_MINOR__ \
  __CUDACC_DEVICE_ATOMIC_BUILTINS__ __NVCC__ __NVCC_DIAG_PRAGMA_SUPPORT__; do
  expect_contains "$nv" "#define $macro " "nvcc defines $macro"
  expect_eq "$(grep "^#define $macro " <<< "$mine")" "$(grep "^#define $macro " <<< "$nv")" "$macro as nvcc defines it"
done

# nvcc's atomic built-ins (CUTLASS takes them under CUDA 13).
cat > nv_atomics.cu <<'SRC'
#include <cstdio>
__global__ void k(unsigned* p, int* q) {
  unsigned old = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(p, 2u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  unsigned expected = old + 2;
  __nv_atomic_compare_exchange_n(p, &expected, 10u, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_ACQUIRE);
  __nv_atomic_fetch_max(q, 7, __NV_ATOMIC_SEQ_CST);
  __nv_atomic_store_n(q + 1, __nv_atomic_exchange_n(q + 2, 5, __NV_ATOMIC_RELAXED), __NV_ATOMIC_RELEASE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);
}
int main() {}
SRC
cu -sm_75 -sm_90 -S -gpu nv_atomics.cu -o nv_atomics; expect_eq "$?" 0 "__nv_atomic_* compile"
expect_contains "$(cat nv_atomics.sm_90.ptx)" ".global.cas.b32" "compare_exchange is a CAS"
expect_contains "$(cat nv_atomics.sm_90.ptx)" "atom.global.max" "fetch_max an atomic max"

# The toolkit headers a source includes have their device paths per target, as nvcc's
# (frontend/if_target_syntax.h): cuda_fp8.hpp's `__CUDA_ARCH__ >= 890` conversion is one
# cvt on sm_90 and the emulation on sm_75. The runtime headers Clang's wrapper reads keep
# their reading, with the preamble's PCH and without it.
cat > fp8.cu <<'SRC'
#include <cuda_fp8.h>
__global__ void k(const unsigned char* in, float* out) {
  __nv_fp8_e4m3 x;
  x.__x = in[threadIdx.x];
  out[threadIdx.x] = static_cast<float>(x);
}
int main() {}
SRC
for round in first second third; do # seen once, PCH built, PCH used
  cu -sm_75 -sm_90 -S -gpu fp8.cu -o fp8; expect_eq "$?" 0 "toolkit device paths compile ($round)"
  expect_eq "$(grep -c 'cvt.rn.f16x2.e4m3x2' fp8.sm_90.ptx)" 1 "sm_90 converts with one cvt ($round)"
  expect_eq "$(grep -c 'cvt.rn.f16x2.e4m3x2' fp8.sm_75.ptx)" 0 "sm_75 emulates ($round)"
done
# cuda_awbarrier.h's pending count, behind `__CUDA_ARCH__ >= 900`, is mbarrier's own on
# sm_90 and shifted on older targets (the host view shifted it on sm_90 too). The header
# redeclares Clang's extern "C" __nvvm_get_smem_pointer in a namespace: with the
# preamble's PCH too, the call finds the PCH's definition (codegen/target_pass.cpp).
cat > awbarrier.cu <<'SRC'
#include <cuda_awbarrier.h>
__global__ void k(unsigned* pending) {
  __shared__ nvcuda::experimental::awbarrier bar;
  if (threadIdx.x == 0) nvcuda::experimental::init(&bar, blockDim.x);
  __syncthreads();
  pending[threadIdx.x] = bar.arrive().pending_count();
}
int main() {}
SRC
for round in first second third; do
  cu -sm_75 -sm_90 -S -gpu awbarrier.cu -o awbarrier; expect_eq "$?" 0 "cuda_awbarrier.h compiles ($round)"
  expect_eq "$(grep -c 'shr.u32.*15;' awbarrier.sm_90.ptx)" 0 "sm_90's pending count is mbarrier's, unshifted ($round)"
  check; grep -q 'shr.u32.*15;' awbarrier.sm_75.ptx || fail "sm_75's pending count is shifted ($round)"
done
finish
