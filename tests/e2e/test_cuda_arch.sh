# __CUDA_ARCH__ in one pass: guards around statements in function bodies and uses in
# their expressions are read per target (frontend/cuda_arch_branches.h); any other use
# in the user's files is an error that points to if target, while system headers see
# it silently undefined. The trap of seed 001 (a kernel that exists for some passes
# only) cannot be written.
source "$(dirname "$0")/lib.sh"

cat > uses.cxx <<'SRC'
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
int a;
#endif
#ifdef __CUDA_ARCH__
#endif
#ifndef __CUDA_ARCH__
#endif
__global__ void k(int* p) { *p = __CUDA_ARCH__; }
int main() {}
SRC
out=$(cu -sm_75 -sm_90 uses.cxx -o uses 2>&1); rc=$?
expect_eq "$rc" 1 "__CUDA_ARCH__ uses at namespace scope fail"
msg="error: __CUDA_ARCH__ cannot be used here: circle compiles host and device code in one pass, and reads it only in #if/#ifdef guards around whole statements of a function body and in a function body's expressions; here it would change what is declared for each target"
for at in 1:13 1:31 4:8 6:9; do expect_contains "$out" "uses.cxx:$at: $msg" "__CUDA_ARCH__ at $at"; done
expect_not_contains "$out" "uses.cxx:8:" "in a kernel's expression it is the pass's sm"
expect_contains "$out" "note: test the target where code is generated instead: 'if target(__nvvm_current_device_sm >= 80)" "the note shows if target"
expect_eq "$(grep -c "note: test the target" <<< "$out")" 1 "the note is given once"
expect_no_file uses "no executable"

# A bare #if, an #elif, and uses through other macros are caught as well: an
# undefined identifier in a condition silently reads as 0.
cat > hidden.cxx <<'SRC'
#define ARCH __CUDA_ARCH__
#define ARCH2 (ARCH / 10)
#define ON_DEVICE defined(__CUDA_ARCH__)
int f() {
#if __CUDA_ARCH__
  return 1;
#endif
#if 0
#elif __CUDA_ARCH__
  return 2;
#endif
#if ARCH >= 800
  return 3;
#endif
#if 1
#elif ARCH2 > 70
#endif
#if defined(ARCH)
#endif
  return ARCH;
}
int main() {}
SRC
out=$(cu -sm_90 hidden.cxx -o hidden 2>&1); rc=$?
expect_eq "$rc" 1 "hidden uses fail"
for at in 12:5 16:7 20:10; do expect_contains "$out" "hidden.cxx:$at: $msg" "hidden __CUDA_ARCH__ at $at"; done
expect_not_contains "$out" "hidden.cxx:5:" "a statement guard is read per target"
expect_not_contains "$out" "hidden.cxx:9:" "an #elif in a statement guard too"
expect_contains "$out" "hidden.cxx:1:9: note: 'ARCH' expands to __CUDA_ARCH__" "the macro that hides it is shown"
expect_contains "$out" "hidden.cxx:2:9: note: 'ARCH2' expands to __CUDA_ARCH__" "a macro through a macro is shown"
expect_not_contains "$out" "hidden.cxx:18:" "defined(ARCH) asks about ARCH, not __CUDA_ARCH__"
expect_eq "$(grep -c "error: __CUDA_ARCH__" <<< "$out")" 3 "each use is reported once"

# In a system header it is quietly undefined, as for any other host compile.
mkdir -p sys
printf '#ifdef __CUDA_ARCH__\n#error "not in circle"\n#endif\ninline int sys_value() { return 7; }\n' > sys/sysheader.h
printf '#include <sysheader.h>\n#include <cstdio>\nint main() { printf("%%d\\n", sys_value()); }\n' > sys.cxx
out=$(cu -sm_90 -isystem sys sys.cxx -o sysprog 2>&1)
expect_eq "$(./sysprog)" "7" "system headers see __CUDA_ARCH__ undefined ($out)"

# Seed 001: torchao's FP6 kernel existed only where __CUDA_ARCH__ >= 800 or was undefined.
cat > trap.cxx <<'SRC'
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
template <int EXPONENT, int MANTISSA>
__global__ void fpx_kernel(const float* in, float* out) {}
void fp6_forward() { fpx_kernel<3, 2><<<1, 1>>>(nullptr, nullptr); }
#endif
int main() {}
SRC
out=$(cu -sm_75 -sm_90 trap.cxx -o trap 2>&1); rc=$?
expect_eq "$rc" 1 "the seed 001 pattern is refused"
expect_contains "$out" "trap.cxx:1:14: $msg" "the seed 001 pattern is refused where it tests the macro"
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
stores() { grep -o 'st.global.b32[[:space:]]*\[%rd[0-9]*\(+[0-9]*\)\?\], [0-9]*' "$1" | awk '{print $NF}' | tr '\n' ' '; }
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
# A guard that changes declarations cannot be read per target: with an arch-specific
# target that is an error, without one the macro is undefined everywhere, as for nvcc.
printf '#ifdef __CUDA_ARCH_FEAT_SM90_ALL\nint fast;\n#endif\nint main() {}\n' > feat_scope.cu
out=$(cu -sm_90 -sm_90a feat_scope.cu -o feat_scope 2>&1); rc=$?
expect_eq "$rc" 1 "sm_90a's macro at namespace scope fails"
expect_contains "$out" "feat_scope.cu:1:8: error: __CUDA_ARCH_FEAT_SM90_ALL cannot be used here" "at the macro"
expect_contains "$out" "'if target(__nvvm_arch == sm_90a)' replaces '#ifdef __CUDA_ARCH_FEAT_SM90_ALL'" "the note names __nvvm_arch"
expect_no_file feat_scope "no executable"
cu -sm_90 feat_scope.cu -o feat_scope; expect_eq "$?" 0 "without an arch-specific target it is undefined, not an error"
out=$(cu -arch=sm_999a feat_scope.cu -o feat_scope 2>&1)
expect_contains "$out" "unsupported GPU architecture '-sm_999a'" "an unknown arch-specific sm is named as written"
out=$(cu -sm_100f feat_scope.cu -o feat_scope 2>&1); rc=$?
expect_eq "$rc" 1 "family-specific sms are refused"
expect_contains "$out" "family-specific architectures (sm_XXf) are not supported" "and the message says why"
finish
