# if target and the codegen objects: each target's code keeps only the branch its
# predicate picks, dead branches may hold code that target cannot compile, and the
# objects read in code carry the value of the target being generated.
source "$(dirname "$0")/lib.sh"

cat > pick.cxx <<'SRC'
#include <cstdio>
#include <immintrin.h>
#include <iostream>
// Called from the host and from a kernel: each side compiles only its own branch.
int lane_or_tsc() {
  if target(__is_host_target) {
    std::cout << "host branch\n";               // host I/O: not for the device
    return (int)(__rdtsc() & 0);                // an x86 intrinsic
  } else if target(__nvvm_current_device_sm) {
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane)); // PTX: not for the host
    return (int)lane;
  }
  return -1;
}
constexpr int pick_constexpr() {
  if consteval {
    return 1;
  } else if target(__is_host_target) {
    return 2;
  } else {
    return 3;
  }
}
static_assert(pick_constexpr() == 1);
__global__ void kernel(unsigned long long* out) {
  if target(__nvvm_arch == sm_75) asm volatile("// picked sm_75");
  else if target(__nvvm_arch == sm_90) asm volatile("// picked sm_90");
  if not consteval { asm volatile("// not consteval"); }
  out[0] = __nvvm_arch_mask;
  out[1] = __builtin_current_device_sm() * 1000 + pick_constexpr();
  out[2] = lane_or_tsc();
  nvvm_archs::for_each([]<nvvm_arch_t arch>() {
    if target(arch == __nvvm_arch) __nvvm_maxntidx(arch + 100);
  });
}
int main() {
  printf("host=%d spirv=%d dxil=%d sm=%d mask=%llu arch=%d runtime=%d\n", __is_host_target, __is_spirv_target,
         __is_dxil_target, __nvvm_current_device_sm, __nvvm_arch_mask, (int)__nvvm_arch, pick_constexpr());
  printf("lane_or_tsc=%d\n", lane_or_tsc());
  for (int i = 0; i < nvvm_arch_count; ++i) printf("%s=%d\n", nvvm_arch_name(nvvm_arch_values[i]), nvvm_arch_values[i]);
}
SRC
out=$(cu -sm_75 -sm_90 pick.cxx -o pick 2>&1); rc=$?
expect_eq "$rc" 0 "pick.cxx compiles ($out)"
expect_eq "$(./pick)" "host=1 spirv=0 dxil=0 sm=0 mask=1 arch=0 runtime=2
host branch
lane_or_tsc=0
sm_75=75
sm_90=90" "host values of the codegen objects"

cu -sm_75 -sm_90 -S -gpu pick.cxx -o pick > /dev/null 2>&1
for sm in 75 90; do expect_file "pick.sm_$sm.ptx" "pick -S -gpu sm_$sm"; done
p75=$(cat pick.sm_75.ptx); p90=$(cat pick.sm_90.ptx)
expect_contains "$p75" "// picked sm_75" "sm_75 keeps its branch"
expect_not_contains "$p75" "// picked sm_90" "sm_75 drops the sm_90 branch"
expect_contains "$p90" "// picked sm_90" "sm_90 keeps its branch"
expect_not_contains "$p90" "// picked sm_75" "sm_90 drops the sm_75 branch"
expect_contains "$p75" "// not consteval" "if not consteval is generated"
expect_contains "$p75" "mov.u32 %r1, %laneid;" "device branch of an untagged function"
# __nvvm_arch_mask: nv/target's bits, sm_75 = 1 << 11, sm_90 = 1 << 16; sm * 1000 + 3.
expect_contains "$p75" "2048" "sm_75 mask"
expect_contains "$p90" "65536" "sm_90 mask"
expect_contains "$p75" "75003" "__builtin_current_device_sm on sm_75, non-consteval branch"
expect_contains "$p90" "90003" "__builtin_current_device_sm on sm_90"
expect_contains "$p75" ".maxntid 175" "if-target launch bound on sm_75"
expect_contains "$p90" ".maxntid 190" "if-target launch bound on sm_90"

# Plain C++ (no --cuda-path): one host target, no PTX targets.
cat > plain.cpp <<'SRC'
#include <cstdio>
int main() {
  if target(__is_host_target) printf("host, %d PTX targets\n", nvvm_arch_count);
  else printf("not host\n");
}
SRC
"$CIRCLE" plain.cpp -o plain > plain.log 2>&1
expect_eq "$(./plain)" "host, 0 PTX targets" "if target in plain C++"

# 'target' stays an ordinary identifier everywhere but after 'if'.
cat > ident.cxx <<'SRC'
#include <cstdio>
#include <functional>
struct S { int target = 3; };
int target(int x) { return x + 1; }
__attribute__((target("avx2"))) int avx() { return 2; }
int main() {
  std::function<int(int)> f = target;
  S s;
  if (f.target<int (*)(int)>()) printf("%d %d %d\n", target(1), s.target, avx());
}
SRC
out=$(cu -sm_90 ident.cxx -o ident 2>&1)
expect_eq "$(./ident)" "2 3 2" "target as a name ($out)"

# The frontend cannot read a codegen object in a constant expression.
printf 'static_assert(__is_host_target);\nint main() {}\n' > sa.cxx
out=$(cu -sm_90 sa.cxx -o sa 2>&1); rc=$?
expect_eq "$rc" 1 "static_assert on a codegen object fails"
expect_contains "$out" "sa.cxx:1:15: error: static assertion expression is not an integral constant expression" "static_assert location"
expect_contains "$out" "codegen object: known per target; test it with 'if target(...)'" "static_assert note explains"
printf 'template <int N> int f() { return N; }\nint main() { return f<__nvvm_current_device_sm>(); }\n' > ta.cxx
out=$(cu -sm_90 ta.cxx -o ta 2>&1); rc=$?
expect_eq "$rc" 1 "template argument from a codegen object fails"
expect_contains "$out" "ta.cxx:2:21: error: no matching function for call to 'f'" "template argument location"

# A predicate that is not constant once the codegen objects are known.
printf 'int g(bool b) {\n  if target(b) return 1;\n  return 2;\n}\nint main() { return g(true); }\n' > nc.cxx
out=$(cu -sm_75 -sm_90 nc.cxx -o nc 2>&1); rc=$?
expect_eq "$rc" 1 "non-constant predicate fails"
expect_contains "$out" "nc.cxx:2:13: error: 'if target' predicate is not a constant expression when generating code for sm_75" "non-constant predicate"
expect_contains "$out" "    2 |   if target(b) return 1;" "the line shown is the user's"
expect_no_file nc "no executable after a bad predicate"
finish
