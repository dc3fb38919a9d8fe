# Launch chevrons: the 5th argument (which sm's image holds the kernel), launch-time
# PTX checks with -g, tokenisation, and the launch diagnostics with their locations.
source "$(dirname "$0")/lib.sh"

cat > odr.cxx <<'SRC'
template <nvvm_arch_t arch> __global__ void only(int* p) { *p = arch; }
__global__ void both_ways(int* p) { *p = 1; }
__global__ void address_taken(int* p) { *p = 2; }
int main() {
  nvvm_archs::for_each([]<nvvm_arch_t arch>() { only<arch><<<1, 1, 0, 0, (int)arch>>>(nullptr); });
  both_ways<<<1, 1, 0, 0, sm_75>>>(nullptr);
  both_ways<<<1, 1>>>(nullptr);
  address_taken<<<1, 1, 0, 0, 90>>>(nullptr);
  void (*f)(int*) = address_taken;
  return f == nullptr;
}
SRC
out=$(cu -sm_75 -sm_90 -S -gpu odr.cxx -o odr 2>&1)
expect_eq "$?" 0 "odr.cxx compiles ($out)"
e75=$(grep '.entry' odr.sm_75.ptx); e90=$(grep '.entry' odr.sm_90.ptx)
expect_contains "$e75" "_Z4onlyIL11nvvm_arch_t75EEvPi" "only<sm_75> in sm_75"
expect_not_contains "$e90" "_Z4onlyIL11nvvm_arch_t75EEvPi" "only<sm_75> not in sm_90"
expect_contains "$e90" "_Z4onlyIL11nvvm_arch_t90EEvPi" "only<sm_90> in sm_90"
expect_not_contains "$e75" "_Z4onlyIL11nvvm_arch_t90EEvPi" "only<sm_90> not in sm_75"
expect_contains "$e90" "_Z9both_waysPi" "a 4-argument launch ODR-uses from every sm"
expect_contains "$e75" "_Z13address_takenPi" "taking the address ODR-uses from every sm"

# -g: stubs of the executable launch through the PTX check; without -g they do not.
cu -sm_75 -sm_90 -g -S -emit-llvm odr.cxx -o odr_g.ll > /dev/null 2>&1
expect_contains "$(grep 'call.*@__circle_checked_launch_kernel(ptr noundef @_Z19__device_stub__onlyIL11nvvm_arch_t75EEvPi' odr_g.ll)" "__device_stub__" "-g stub calls the check"
cu -sm_75 -sm_90 -S -emit-llvm odr.cxx -o odr.ll > /dev/null 2>&1
expect_not_contains "$(cat odr.ll)" "__circle_checked_launch_kernel" "no check without -g"
cu -sm_75 -sm_90 -g -DNDEBUG -S -emit-llvm odr.cxx -o odr_nd.ll > /dev/null 2>&1
expect_not_contains "$(cat odr_nd.ll)" "__circle_checked_launch_kernel" "no check with -g -DNDEBUG"

# <<< and >>> next to template brackets, and whitespace inside.
cat > tokens.cxx <<'SRC'
#include <vector>
template <class T> __global__ void kernel(T) {}
int main() {
  kernel<int><<<1, 1>>>(1);
  kernel<std::vector<int>><<<1, 1>>>({});
  kernel<int><<< 1 , 1 , 0 , 0 >>>( 2 );
  kernel < int > <<<dim3(1, 1, 1), dim3(32)>>>(3);
}
SRC
out=$(cu -sm_90 tokens.cxx -o tokens 2>&1)
expect_eq "$?" 0 "chevron tokenisation ($out)"

diag() { # file line:col message description
  local out; out=$(cu -sm_75 -sm_90 "$1" -o bad 2>&1); local rc=$?
  expect_eq "$rc" 1 "$4 exit status"
  expect_contains "$out" "$1:$2: error: $3" "$4"
  expect_no_file bad "$4 leaves no output"
}
printf '__global__ void k() {}\nint main() {\n  k<<<1, 1, 0, 0, 80>>>();\n}\n' > p80.cxx
diag p80.cxx 3:19 "the 5th launch argument is 80, which is not a PTX target of this compile (the targets are sm_75, sm_90)" "5th argument not a target"
printf '__global__ void k() {}\nint main(int argc, char**) {\n  k<<<1, 1, 0, 0, argc>>>();\n}\n' > pvar.cxx
diag pvar.cxx 3:19 "the 5th launch argument (the PTX target) must be an integral constant expression" "5th argument not constant"
printf '__global__ void k() {}\nint main() {\n  k<<<1>>>();\n}\n' > one.cxx
diag one.cxx 3:8 "too few execution configuration arguments to kernel function call, expected at least 2, have 1" "one configuration argument"
printf '__global__ void k() {}\nint main() {\n  k<<<1, 1, 0, 0, 75, 6>>>();\n}\n' > six.cxx
diag six.cxx 3:23 "too many execution configuration arguments to kernel function call, expected at most 5, have 6" "six configuration arguments"
printf '__global__ void k() {}\nint main() {\n  k<<<1, 1>>(3);\n}\n' > close.cxx
diag close.cxx 3:16 "expected '>>>'" "missing >>>"
printf 'void f() {}\nint main() {\n  f<<<1, 1>>>();\n}\n' > host.cxx
diag host.cxx 3:14 "'f' is an untagged (__host__ __device__) function, not a __global__ kernel: its call cannot be configured with <<<...>>>" "launching an untagged function"
printf '__host__ void h() {}\nint main() {\n  h<<<1, 1>>>();\n}\n' > hostonly.cxx
diag hostonly.cxx 3:14 "'h' is a __host__ function, not a __global__ kernel" "launching a __host__ function"
printf '__global__ void k() {}\n__global__ void parent() {\n  k<<<1, 1>>>();\n}\nint main() {}\n' > nested.cxx
diag nested.cxx 3:4 "kernel launch from __device__ or __global__ functions requires separate compilation mode (compile with -rdc)" "launch from a kernel"
printf '__global__ void k() {}\nvoid helper() { k<<<1, 1>>>(); }\n__global__ void uses() { helper(); }\nint main() { helper(); }\n' > reached.cxx
diag reached.cxx 2:17 "kernel launch from __device__ or __global__ functions requires separate compilation mode (compile with -rdc): 'helper()' launches a kernel and is reached from kernel 'uses()' (sm_75)" "launch reached from a kernel"
# With -rdc a kernel may launch kernels; what the device cannot do stays an error.
diag_rdc() { # file line:col message description
  local out; out=$(cu -sm_75 -sm_90 -rdc "$1" -o bad 2>&1); local rc=$?
  expect_eq "$rc" 1 "$4 exit status"
  expect_contains "$out" "$1:$2: error: $3" "$4"
  expect_no_file bad "$4 leaves no output"
}
diag_rdc reached.cxx 2:17 "a launch from the device must be written in a __global__ or __device__ function (an untagged function launches the host's way, once for every target): 'helper()' launches a kernel and is reached from kernel 'uses()' (sm_75)" "-rdc: untagged launch reached from a kernel"
cat > copyctor.cxx <<'SRC'
struct Counted {
  int n;
  Counted(int n) : n(n) {}
  Counted(const Counted& o) : n(o.n + 1) {}
};
struct Closes {
  ~Closes() {}
};
struct HasCounted {
  Counted c;
};
__global__ void child(Counted c, int x, Closes d, HasCounted h) {}
__global__ void parent() {
  child<<<1, 1>>>(Counted(1), 2, Closes(), HasCounted{Counted(3)});
}
int main() { parent<<<1, 1>>>(); }
SRC
diag_rdc copyctor.cxx 14:19 "argument 1 of a launch from the device has type 'Counted', which has a user-provided copy constructor; a kernel launched from the device receives a copy of the argument's bytes" "-rdc: device launch, copy constructor"
diag_rdc copyctor.cxx 14:34 "argument 3 of a launch from the device has type 'Closes', which has a user-provided destructor" "-rdc: device launch, destructor"
diag_rdc copyctor.cxx 14:44 "argument 4 of a launch from the device has type 'HasCounted', which has a member or base with a user-provided copy constructor or destructor" "-rdc: device launch, member with a copy constructor"
out=$(cu -sm_75 -sm_90 -rdc copyctor.cxx -o bad 2>&1)
expect_not_contains "$out" "argument 2 of" "-rdc: device launch, an int argument is fine"

printf '__global__ int k() { return 1; }\nint main() {}\n' > ret.cxx
diag ret.cxx 1:12 "kernel function type 'int ()' must have void return type" "kernel returning a value"
printf '__global__ void k(int n) {\n  __nvvm_maxntidx(n);\n}\nint main() {}\n' > bound.cxx
diag bound.cxx 1:17 "kernel 'k(int)': __nvvm_maxntidx needs a constant argument (sm_75)" "launch bound not constant"
finish
