# sms whose modules agree are linked and optimised once; every sm still gets its own
# back end and ptxas (run at once), and the PTX is exactly what a compile for that sm
# alone prints. Output is the same from run to run.
source "$(dirname "$0")/lib.sh"

# Strings in a table (globals whose initializers take other globals' addresses: the
# order NVPTX once printed them in changed from run to run), STL, a lambda.
cat > same.cxx <<'SRC'
#include <algorithm>
#include <cstdio>
#include <vector>
__device__ const char* const names[] = {"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"};
__global__ void k(int* out) {
  std::vector<int> v = {5, 3, 9, 1};
  std::sort(v.begin(), v.end(), [](int a, int b) { return a > b; });
  out[threadIdx.x] = v[threadIdx.x % 4] + names[threadIdx.x % 13][0];
  printf("%s\n", names[threadIdx.x % 13]);
}
int main() {}
SRC

out=$(cu -v -sm_75 -sm_80 -sm_90 -gpu -S same.cxx -o multi.ptx 2>&1); rc=$?
expect_eq "$rc" 0 "three sms"
expect_contains "$out" "(device pass) sm_80: the same module as sm_75's" "sm_80 shares sm_75's lowering"
expect_contains "$out" "(device pass) sm_90: the same module as sm_75's" "sm_90 shares sm_75's lowering"
for sm in 80 90; do
  cu -sm_$sm -gpu -S same.cxx -o alone.ptx
  check; cmp -s multi.sm_$sm.ptx alone.sm_$sm.ptx || fail "sm_$sm: PTX lowered with sm_75 differs from sm_$sm's alone"
done
cu -sm_75 -sm_80 -sm_90 -gpu -S same.cxx -o again.ptx
for sm in 75 80 90; do
  check; cmp -s multi.sm_$sm.ptx again.sm_$sm.ptx || fail "sm_$sm: PTX differs between two runs"
done
out=$(cu -sm_75 -sm_80 -sm_90 -ftime-report same.cxx -o same 2>&1)
expect_contains "$out" "phase device link            ran 1 time(s)" "one device link for three sms"
expect_contains "$out" "phase device optimise        ran 1 time(s)" "one optimisation for three sms"
expect_eq "$("$CIRCLE" --list-fatbin=same | grep -c 'ELF file')" 3 "a cubin per sm"
expect_eq "$("$CIRCLE" --list-fatbin=same | grep -c 'PTX file')" 3 "PTX per sm"
# -t/--threads: how many sms assemble at once; the result does not depend on it.
cu -sm_75 -sm_80 -sm_90 -c same.cxx -o one.o --threads 1
cu -sm_75 -sm_80 -sm_90 -c same.cxx -o many.o -t 0
check; cmp -s one.o many.o || fail "the object differs between --threads 1 and -t 0"
cu -sm_75 -sm_80 -sm_90 -c same.cxx -o many2.o
check; cmp -s many.o many2.o || fail "the object differs between two runs"
out=$(cu -sm_90 same.cxx -o x --threads=many 2>&1); rc=$?
expect_eq "$rc" 1 "--threads=many: exit status"
expect_contains "$out" "'--threads=many': expected a number of threads (0: one per core)" "--threads=many is explained"

# Under make -j, ptxas runs take make's job slots when make shares them (a `+`
# recipe) and circle says nothing either way (CMake's recipes have no `+`).
if command -v make > /dev/null; then
  printf 'all: a.o b.o\n%%.o: %%.cxx\n\t+%s --cuda-path=%s -sm_75 -sm_80 -sm_90 -c $< -o $@\n' "$CIRCLE" "$CUDA_PATH" > shared.mk
  printf 'all: c.o d.o\n%%.o: %%.cxx\n\t%s --cuda-path=%s -sm_75 -sm_80 -sm_90 -c $< -o $@\n' "$CIRCLE" "$CUDA_PATH" > plain.mk
  cp same.cxx a.cxx; cp same.cxx b.cxx; cp same.cxx c.cxx; cp same.cxx d.cxx
  out=$(make -s -j2 -f shared.mk 2>&1); rc=$?
  expect_eq "$rc" 0 "make -j2 with the jobserver shared"
  expect_eq "$out" "" "make -j2 with the jobserver shared: nothing said"
  out=$(make -s -j2 -f plain.mk 2>&1); rc=$?
  expect_eq "$rc" 0 "make -j2, jobserver not shared"
  expect_eq "$out" "" "make -j2, jobserver not shared: nothing said"
  cu -sm_75 -sm_80 -sm_90 -c a.cxx -o direct.o
  check; cmp -s a.o direct.o || fail "the object differs with and without make's job slots"
fi

# Where modules differ (an if target branch, the launch chevron's fifth argument),
# each sm lowers its own.
cat > differ.cxx <<'SRC'
__global__ void k(int* out) {
  if target(__nvvm_current_device_sm >= 90) out[0] = 90;
  else out[0] = 75;
}
int main() {}
SRC
out=$(cu -v -sm_75 -sm_80 -sm_90 -gpu -S differ.cxx -o differ.ptx 2>&1); rc=$?
expect_eq "$rc" 0 "if target compile"
expect_contains "$out" "(device pass) sm_80: the same module as sm_75's" "sm_80 takes the same branch as sm_75"
expect_not_contains "$out" "sm_90: the same module" "sm_90 takes its own branch"
expect_eq "$(grep -c 'st.global.b32.*90;' differ.sm_90.ptx)" 1 "sm_90's branch"
expect_eq "$(grep -c 'st.global.b32.*75;' differ.sm_80.ptx)" 1 "sm_80's branch"
cat > fifth.cxx <<'SRC'
template <int sm> __global__ void only(int* out) { out[1] = sm; }
int main() { only<80><<<1, 1, 0, 0, 80>>>(nullptr); }
SRC
out=$(cu -v -sm_75 -sm_80 -gpu -S fifth.cxx -o fifth.ptx 2>&1); rc=$?
expect_eq "$rc" 0 "fifth argument compile"
expect_not_contains "$out" "the same module as" "a kernel launched for sm_80 only: sm_80 lowers its own"
expect_eq "$(grep -c '.entry _Z4onlyILi80EEvPi' fifth.sm_80.ptx)" 1 "sm_80 has the kernel"
expect_eq "$(grep -c '.entry _Z4onlyILi80EEvPi' fifth.sm_75.ptx)" 0 "sm_75 drops it"
finish
