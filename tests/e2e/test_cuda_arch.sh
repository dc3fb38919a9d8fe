# __CUDA_ARCH__ as nvcc reads it. Guards around statements in function bodies and uses
# in their expressions are read per target in one pass (frontend/cuda_arch_branches.h);
# any other use (declarations, macros and types per target, case labels, a guard
# splitting a statement) makes the targets read the source differently, and each
# distinct view gets a front-end pass of its own (frontend/target_views.h), with a
# remark under -Rcircle-passes. Every file but the toolkit's and Clang's own headers is
# read per target, -isystem libraries included.
source "$(dirname "$0")/lib.sh"

stores() { grep -o 'st.global.b32[[:space:]]*\[%rd[0-9]*\(+[0-9]*\)\?\], -\?[0-9][0-9]*' "$1" | awk '{print $NF}' | tr '\n' ' '; }

cat > uses.cxx <<'SRC'
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
__device__ int a = 8;
#else
__device__ int a = 1;
#endif
#ifdef __CUDA_ARCH__
#define WHO 2
#endif
#ifndef __CUDA_ARCH__
#define WHO 0
#endif
__global__ void k(int* p) { p[0] = __CUDA_ARCH__; p[1] = a; p[2] = WHO; }
int main() { return WHO; }
SRC
out=$(cu -sm_75 -sm_90 -Rcircle-passes -S -gpu uses.cxx -o uses 2>&1); rc=$?
expect_eq "$rc" 0 "__CUDA_ARCH__ at namespace scope compiles ($out)"
expect_eq "$(stores uses.sm_75.ptx)" "750 2 " "sm_75 reads its own view"
expect_contains "$(cat uses.sm_75.ptx)" ".global .align 4 .u32 a = 1;" "sm_75's variable is its own"
expect_contains "$(cat uses.sm_90.ptx)" ".global .align 4 .u32 a = 8;" "sm_90's too"
expect_contains "$out" "uses.cxx:2:" "the remark points at the first line the targets read differently"
expect_contains "$out" "remark: compiled in 3 front-end passes" "and says how many passes"
expect_eq "$(grep -c remark: <<< "$out")" 2 "one remark per extra pass"
out=$(cu -sm_75 -sm_90 -S -gpu uses.cxx -o uses 2>&1)
expect_eq "$out" "" "no remark without -Rcircle-passes"
cu -sm_75 -sm_90 uses.cxx -o uses_exe; expect_eq "$?" 0 "and links"
expect_eq "$(./uses_exe; echo $?)" "0" "the host sees __CUDA_ARCH__ undefined"

# A warning in code every view reads alike is given once, not once per pass.
printf '#ifdef __CUDA_ARCH__\n#define W 1\n#else\n#define W 0\n#endif\nstatic int unused_helper(int x) { return x; }\n__global__ void k(int* p) { *p = W; }\nint main() {}\n' > warn_once.cu
out=$(cu -sm_75 -sm_90 -Wall -S -gpu warn_once.cu -o warn_once 2>&1)
expect_eq "$(grep -c "warning: unused function 'unused_helper'" <<< "$out")" "1" "a shared warning once ($out)"

# A statement guard calling what only that target's view declares (cuda-samples'
# simpleAWBarrier): the host's parse, which reads every target's copy, fails; circle
# says nothing of it and parses the host's view again with its own copies only.
cat > own_copies.cu <<'SRC'
#if __CUDA_ARCH__ >= 700
__device__ int helper(int x) { return x * 2; }
#endif
__global__ void k(int* p) {
#if __CUDA_ARCH__ >= 700
  p[0] = helper(3);
#else
  p[0] = -1;
#endif
}
int main() {}
SRC
out=$(cu -sm_75 -sm_90 -S -gpu own_copies.cu -o own_copies 2>&1); rc=$?
expect_eq "$rc" 0 "a guard naming a view's own declaration compiles"
expect_eq "$out" "" "and the first attempt's errors are not shown"
expect_eq "$(stores own_copies.sm_90.ptx) $(stores own_copies.sm_75.ptx)" "6  6 " "each sm its own branch"
printf '#if __CUDA_ARCH__ >= 700\n__device__ int helper(int x) { return x; }\n#endif\n__global__ void k(int* p) {\n#if __CUDA_ARCH__ >= 700\n  p[0] = helper(3) + missing;\n#endif\n}\nint main() {}\n' > own_error.cu
out=$(cu -sm_90 -S -gpu own_error.cu -o own_error 2>&1); rc=$?
expect_eq "$rc" 1 "a real error in such a guard fails"
expect_eq "$(grep -c "own_error.cu:6:22: error: use of undeclared identifier 'missing'" <<< "$out")" "1" "said once, at the user's line ($out)"

# Conditions that come out the same for every target of the compile: still one pass.
cat > same.cxx <<'SRC'
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
__host__ __device__ int modern() { return 1; }
#endif
#if defined(FEATURE) && (__CUDACC_VER_MAJOR__ < 12) && !(__CUDA_ARCH__ >= 800 || !defined(__CUDA_ARCH__))
#error "not taken by any target"
#endif
__global__ void k(int* p) { p[0] = modern(); }
int main() { return modern() - 1; }
SRC
out=$(cu -sm_75 -sm_90 -Rcircle-passes -v same.cxx -o same 2>&1); rc=$?
expect_eq "$rc" 0 "a condition every target agrees on compiles"
expect_not_contains "$out" "remark:" "in one front-end pass"
expect_not_contains "$out" "a front-end pass for the host" "-v says no extra pass"
expect_eq "$(./same; echo $?)" "0" "and runs"

# A macro whose body names __CUDA_ARCH__ is each target's value in its view; in host
# code it is undefined there, an error as with nvcc.
cat > hidden.cxx <<'SRC'
#define ARCH __CUDA_ARCH__
#define ARCH2 (ARCH / 10)
#define ON_DEVICE defined(__CUDA_ARCH__)
__device__ int f() {
#if ON_DEVICE && ARCH2 >= 80
  return ARCH2;
#else
  return -1;
#endif
}
__global__ void k(int* p) { p[0] = f(); }
int main() {}
SRC
cu -sm_75 -sm_90 -S -gpu hidden.cxx -o hidden; expect_eq "$?" 0 "macros naming __CUDA_ARCH__ compile"
expect_eq "$(stores hidden.sm_75.ptx)" "-1 " "sm_75 through the macros"
expect_eq "$(stores hidden.sm_90.ptx)" "90 " "sm_90 through the macros"
printf '#define ARCH __CUDA_ARCH__\nint host_value() { return ARCH; }\nint main() {}\n' > hidden_host.cxx
out=$(cu -sm_90 hidden_host.cxx -o hidden_host 2>&1)
expect_contains "$out" "hidden_host.cxx:2:27: error: use of undeclared identifier '__CUDA_ARCH__'" "host code sees it undefined"

# Headers reached through -isystem are read per target: device code in a library's
# header is compiled for the device (CUTLASS's tensor-core paths), and an #error only
# one target reaches fails the compile, as with nvcc.
mkdir -p sys
cat > sys/syslib.h <<'SRC'
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define SYSLIB_PATH 80
#elif defined(__CUDA_ARCH__)
#define SYSLIB_PATH 70
#else
#define SYSLIB_PATH 0
#endif
__host__ __device__ inline int syslib_path() { return SYSLIB_PATH; }
SRC
printf '#include <syslib.h>\n#include <cstdio>\n__global__ void k(int* p) { *p = syslib_path(); }\nint main() { printf("%%d\\n", syslib_path()); }\n' > sys.cxx
cu -sm_75 -sm_90 -isystem sys -S -gpu sys.cxx -o sys; expect_eq "$?" 0 "an -isystem header compiles per target"
expect_eq "$(stores sys.sm_75.ptx)" "70 " "sm_75 takes the library's device path"
expect_eq "$(stores sys.sm_90.ptx)" "80 " "sm_90 its sm_80 path"
cu -sm_75 -sm_90 -isystem sys sys.cxx -o sysprog; expect_eq "$(./sysprog)" "0" "the host its own"
printf '#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800\n#error "this library needs sm_80"\n#endif\nint main() {}\n' > sys/needs80.h
printf '#include <needs80.h>\n' > needs80.cxx
out=$(cu -sm_75 -sm_90 -isystem sys needs80.cxx -o needs80 2>&1); rc=$?
expect_eq "$rc" 1 "an #error one target reaches fails"
expect_contains "$out" "needs80.h:2:2: error: \"this library needs sm_80\"" "at the #error"
expect_contains "$out" "note: the errors above are from the front-end pass for sm_75 (the source as nvcc's sm_75 pass reads it" "naming the target whose view it is"
expect_not_contains "$out" "when compiling for host" "not the host's"
expect_no_file needs80 "no executable"
cu -sm_90 -isystem sys needs80.cxx -o needs80; expect_eq "$?" 0 "without that target it compiles"

# Seed 001: torchao's FP6 kernel existed only where __CUDA_ARCH__ >= 800 or was
# undefined. nvcc compiles it (the sm_75 image lacks the kernel); so does circle.
cat > trap.cxx <<'SRC'
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
template <int EXPONENT, int MANTISSA>
__global__ void fpx_kernel(const float* in, float* out) { out[0] = in[0] * EXPONENT; }
void fp6_forward() { fpx_kernel<3, 2><<<1, 1>>>(nullptr, nullptr); }
#endif
int main() {}
SRC
cu -sm_75 -sm_90 -S -gpu trap.cxx -o trap; expect_eq "$?" 0 "the seed 001 pattern compiles, as with nvcc"
expect_eq "$(grep -c '.entry' trap.sm_75.ptx)" "0" "sm_75's image has no fpx_kernel"
expect_contains "$(grep '.entry' trap.sm_90.ptx)" "_Z10fpx_kernelILi3ELi2EEvPKfPf" "sm_90's has it"

# A source on standard input cannot be read again for another view.
out=$(printf '#include "sys/syslib.h"\nint main() {}\n' | cu -sm_75 -x cu - -o stdin_prog 2>&1); rc=$?
expect_eq "$rc" 1 "a per-target header under a source from stdin fails"
expect_contains "$out" "syslib.h:1:1: error: this file reads __CUDA_ARCH__ where each target may need a front-end pass" "and says why"

# -E writes each view: compiling that output gives each target its own (ccache, distcc).
cu -sm_75 -sm_90 -E uses.cxx -o uses.cui; expect_eq "$?" 0 "-E of a per-target source"
expect_eq "$(grep -c '^#pragma circle view' uses.cui)" "2" "the two other views follow the host's"
cu -sm_75 -sm_90 -S -gpu uses.cui -o usesi; expect_eq "$?" 0 "its output compiles"
expect_eq "$(stores usesi.sm_75.ptx)" "750 2 " "sm_75 from its section"
expect_contains "$(cat usesi.sm_90.ptx)" ".global .align 4 .u32 a = 8;" "sm_90 from its own"
cu -sm_75 -sm_90 -M -isystem sys sys.cxx > sys.d; expect_contains "$(cat sys.d)" "syslib.h" "-M lists the headers"

# nvcc's patterns that change declarations per target, compared with nvcc on the GPU
# (tests/gpu/nvcc/cuda_arch_declarations.cu): here each image's constants.
cu -sm_75 -sm_90 -S -gpu "$CIRCLE_ROOT/tests/gpu/nvcc/cuda_arch_declarations.cu" -o decl; expect_eq "$?" 0 "declarations per target compile"
expect_eq "$(stores decl.sm_75.ptx)" "75 1 4 4 1 -10090 12 15 3 1 0 " "sm_75: where side width width tile classify inner nested loop blocks fast"
expect_eq "$(stores decl.sm_90.ptx)" "90 1 8 8 36 121110 13 15 6 2 1 " "sm_90: its own values (its 8-int tile's sum folded: 36)"
expect_eq "$(grep -h minnctapersm decl.sm_75.ptx decl.sm_90.ptx | tr -d '\t' | tr '\n' ' ')" ".minnctapersm 1 .minnctapersm 2 " "__launch_bounds__ per target"
# The if-target form: the same kernel, with the same signature, in every image.
cu -sm_75 -sm_90 -S -gpu "$EXAMPLES/fpx_kernel.cxx" -o fpx > /dev/null 2>&1
for sm in 75 90; do
  expect_contains "$(grep '.entry' fpx.sm_$sm.ptx)" "_Z10fpx_kernelILi3ELi2EEvPKfPfiPi" "fpx_kernel<3, 2> in the sm_$sm image"
done
# quantize's float multiplies: only where the sm_80+ branch is kept.
expect_eq "$(grep -cE 'mul(\.rn)?\.f32' fpx.sm_75.ptx)" 0 "sm_75 drops the sm_80+ body"
expect_contains "$(grep -E 'mul(\.rn)?\.f32' fpx.sm_90.ptx)" ".f32" "sm_90 keeps it"
# nvcc's guards, read per target (tests/gpu/nvcc/cuda_arch_guards.cu runs them on the GPU):
# each sm's image holds what nvcc's pass for that sm would compile.
cu -sm_75 -sm_90 -S -gpu "$CIRCLE_ROOT/tests/gpu/nvcc/cuda_arch_guards.cu" -o guards; expect_eq "$?" 0 "nvcc's guards compile"
expect_eq "$(stores guards.sm_90.ptx)" "3 1 11 900 0 10 1084227584 1007 " "sm_90: tier, where, combined, arch, loop, scale 5.0, lambda"
expect_eq "$(stores guards.sm_75.ptx)" "1 1 11 750 0 10 1086324736 1007 " "sm_75: its own branches (scale 6.0)"
cu -sm_75 -sm_90 "$CIRCLE_ROOT/tests/gpu/nvcc/cuda_arch_guards.cu" -o guards_exe
out=$(./guards_exe | head -2)
expect_eq "$out" "$(printf 'host: where 0 combined 110\narch list: 750,900')" "the host takes the undefined-__CUDA_ARCH__ branches; __CUDA_ARCH_LIST__"
# A mistake in a guarded branch is reported once, at the user's line.
printf '__device__ int f() {\n  int base = 1;\n#if __CUDA_ARCH__ >= 800\n  return base + undefined_name;\n#endif\n  return base;\n}\nint main() {}\n' > wrong.cu
out=$(cu -sm_75 -sm_90 wrong.cu -o wrong 2>&1)
expect_eq "$(grep -c "wrong.cu:4:17: error: use of undeclared identifier 'undefined_name'" <<< "$out")" 1 "one error, at the user's line"
# Arch-specific sms (nvcc's -arch=sm_90a): a target of its own beside sm_90, with the
# macros only it defines read per target (tests/gpu/nvcc/arch_specific.cu runs this on
# the GPU, against nvcc's build).
cu -arch=sm_90a -S -gpu "$CIRCLE_ROOT/tests/gpu/nvcc/arch_specific.cu" -o spec; expect_eq "$?" 0 "-arch=sm_90a compiles"
expect_contains "$(grep '^.target' spec.sm_90a.ptx)" ".target sm_90a" "sm_90a's PTX targets sm_90a"
expect_contains "$(grep '^.target' spec.sm_90.ptx)" ".target sm_90" "-arch=sm_90a also builds sm_90, as nvcc adds compute_90's PTX"
expect_contains "$(cat spec.sm_90a.ptx)" "wgmma.fence.sync.aligned" "sm_90a keeps its own instructions"
expect_not_contains "$(cat spec.sm_90.ptx)" "wgmma" "sm_90 takes the other branch"
expect_contains "$(grep -o 'add.s32.*, 1090000;' spec.sm_90a.ptx)" "1090000" "__CUDA_ARCH_SPECIFIC__ is 900 on sm_90a"
expect_contains "$(grep -o 'add.s32.*, 2090000;' spec.sm_90.ptx)" "2090000" "__CUDA_ARCH__ is 900 on sm_90"
expect_contains "$(grep -o 'st.global.b32.*, 900;' spec.sm_90a.ptx)" "900" "__CUDA_ARCH_FAMILY_SPECIFIC__ too"
expect_contains "$(grep -o 'st.global.b32.*, -1;' spec.sm_90.ptx)" "-1" "which sm_90 does not define"
cu -arch=sm_90a "$CIRCLE_ROOT/tests/gpu/nvcc/arch_specific.cu" -o spec_exe -v 2> spec.log; expect_eq "$?" 0 "and links"
expect_contains "$(cat spec.log)" '"-arch=sm_90a"' "ptxas assembles for sm_90a"
expect_contains "$(cat spec.log)" "--image3=kind=elf,sm=90a," "fatbinary gets the sm_90a cubin"
expect_eq "$(cu --list-fatbin=spec_exe)" "$(printf 'ELF file    1: spec_exe.1.sm_90.cubin\nPTX file    1: spec_exe.1.sm_90.ptx\nELF file    2: spec_exe.2.sm_90a.cubin\nPTX file    2: spec_exe.2.sm_90a.ptx')" "the listing names sm_90a as cuobjdump does"
# CCCL's NV_HAS_FEATURE_SM_90a (nvcc's alone in nv/target): the sm_90a image only.
cat > nvfeat.cu <<'SRC'
#include <nv/target>
__global__ void k(int* o) {
  NV_IF_ELSE_TARGET(NV_HAS_FEATURE_SM_90a, (o[0] = 1;), (o[0] = 2;));
  NV_IF_TARGET(NV_PROVIDES_SM_90, (o[1] = 3;));
}
int main() {}
SRC
cu -sm_80 -sm_90 -sm_90a -S -gpu nvfeat.cu -o nvfeat; expect_eq "$?" 0 "NV_HAS_FEATURE_SM_90a compiles"
feat_stores() { grep -o 'st.global.b32.*' "$1" | awk '{print $NF}' | tr '\n' ' '; }
expect_eq "$(feat_stores nvfeat.sm_80.ptx)" "2; " "sm_80: neither"
expect_eq "$(feat_stores nvfeat.sm_90.ptx)" "2; 3; " "sm_90: provides sm_90, not the sm_90a feature"
expect_eq "$(feat_stores nvfeat.sm_90a.ptx)" "1; 3; " "sm_90a: both"
# A guard that changes declarations: sm_90a reads its own view, sm_90 and the host
# theirs; without an arch-specific target the macro is undefined everywhere, as for nvcc.
printf '#ifdef __CUDA_ARCH_FEAT_SM90_ALL\n__device__ int fast = 1;\n#else\n__device__ int fast = 0;\n#endif\n__global__ void k(int* p) { *p = fast; }\nint main() {}\n' > feat_scope.cu
cu -sm_90 -sm_90a -S -gpu feat_scope.cu -o feat_scope; expect_eq "$?" 0 "sm_90a's macro at namespace scope compiles"
expect_contains "$(cat feat_scope.sm_90a.ptx)" "fast = 1" "sm_90a's view"
expect_not_contains "$(cat feat_scope.sm_90.ptx)" "fast = 1" "sm_90's view"
cu -sm_90 feat_scope.cu -o feat_scope; expect_eq "$?" 0 "without an arch-specific target it is undefined, not an error"
out=$(cu -arch=sm_999a feat_scope.cu -o feat_scope 2>&1)
expect_contains "$out" "unsupported GPU architecture '-sm_999a'" "an unknown arch-specific sm is named as written"
out=$(cu -sm_100f feat_scope.cu -o feat_scope 2>&1); rc=$?
expect_eq "$rc" 1 "family-specific sms are refused"
expect_contains "$out" "family-specific architectures (sm_XXf) are not supported" "and the message says why"
# A view's pass generates every kernel the host launches, however the host reaches it:
# main launching a kernel template, CUB's dispatch (templates tagged __host__, and the
# inline __host__ function whose EmptyKernel tells CUB the PTX version) called from an
# untagged function. Each kernel the host registers has its entry in the sm's PTX.
cat > view_kernels.cu <<'SRC'
#include <cub/cub.cuh>
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define VAL 1
#else
#define VAL 2
#endif
template <class T> __global__ void k(T* p) { p[0] = VAL; }
void sort_pairs(const float* ki, float* ko, const int* vi, int* vo, int n, void* tmp, size_t& bytes) {
  cub::DeviceRadixSort::SortPairs(tmp, bytes, ki, ko, vi, vo, n);
}
int main() { int* p = nullptr; k<int><<<1, 1>>>(p); }
SRC
out=$(cu -sm_90 -Rcircle-passes -S -gpu view_kernels.cu -o vk 2>&1)
expect_contains "$out" "remark: compiled in 2 front-end passes" "the view has a pass of its own"
cu -sm_90 -S -emit-llvm view_kernels.cu -o vk.ll > /dev/null 2>&1
registered=$(grep -ac 'call i32 @__cudaRegisterFunction' vk.ll)
expect_eq "$(grep -c '^\.visible \.entry\|^\.weak \.entry\|\.entry ' vk.sm_90.ptx)" "$registered" "every registered kernel has its entry ($registered)"
expect_contains "$(cat vk.sm_90.ptx)" "EmptyKernel" "CUB's EmptyKernel"
expect_contains "$(cat vk.sm_90.ptx)" "_Z1kIiEvPT_" "main's kernel template"

# A warning only a device view's pass gives is said once that pass is known to count,
# after its parse ended (circle crashed rendering it there: ggml's sources with -Wall).
cat > view_warning.cu <<'SRC'
#ifdef __CUDA_ARCH__
__device__ inline int g(int x) { int unused_in_device_view = 1; return x + 1; }
#else
__device__ inline int g(int x) { return x + 1; }
#endif
__global__ void k(int* p) { p[0] = g(p[1]); }
int main() {}
SRC
out=$(cu -sm_90 -Wall -c view_warning.cu -o vw.o 2>&1); expect_eq "$?" 0 "a warning of the device view's own: compiled ($out)"
expect_contains "$out" "view_warning.cu:2:38: warning: unused variable 'unused_in_device_view'" "and said, with its place"
expect_contains "$out" "2 | __device__ inline int g(int x) { int unused_in_device_view" "with its source line"
# Macros the toolkit's headers choose by target at namespace scope are chosen for the sm
# whose features every target has, in one pass (frontend/toolkit_headers.h):
# cooperative_groups' elect.sync only where every target has it (ptxas refused sm_75's
# cg::invoke_one), cuda_pipeline's cp.async where every target has it (the host's view
# gave the synchronous copy on sm_80 and newer).
cat > toolkit_features.cu <<'SRC'
#include <cooperative_groups.h>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;
__global__ void k(const int* in, int* out) {
  __shared__ int s[32];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  cg::invoke_one(tile, [&] { atomicAdd(out, s[0]); });
}
int main() {}
SRC
count() { grep -c "$1" "$2"; }
for sms in "-sm_75 -sm_90" "-sm_80 -sm_90" "-sm_90"; do
  out=$(cu $sms -v -S -gpu toolkit_features.cu -o tf 2>&1); expect_eq "$?" 0 "cooperative_groups and cuda_pipeline for $sms"
  expect_not_contains "$out" "one for sm_" "in one front-end pass ($sms)"
done
cu -sm_75 -sm_90 -S -gpu toolkit_features.cu -o tf75 > /dev/null 2>&1
expect_eq "$(count 'elect.sync' tf75.sm_90.ptx) $(count 'cp.async' tf75.sm_90.ptx)" "0 0" "with sm_75: neither, on sm_90 too"
cu -sm_80 -sm_90 -S -gpu toolkit_features.cu -o tf80 > /dev/null 2>&1
expect_eq "$(count 'elect.sync' tf80.sm_90.ptx)" "0" "with sm_80: no elect.sync"
expect_contains "$(cat tf80.sm_80.ptx)" "cp.async.ca.shared.global" "but cp.async on sm_80"
expect_contains "$(cat tf80.sm_90.ptx)" "cp.async.ca.shared.global" "and on sm_90"
cu -sm_90 -S -gpu toolkit_features.cu -o tf90 > /dev/null 2>&1
expect_contains "$(cat tf90.sm_90.ptx)" "elect.sync" "sm_90 alone: elect.sync"
expect_contains "$(cat tf90.sm_90.ptx)" "cp.async.ca.shared.global" "and cp.async"
finish
