# Programs the front end must refuse, or compile, before any backend runs: each
# error is circle's, at the construct (file:line:column, a caret), exit status 1,
# nothing left behind; and inputs that used to crash or silently miscompile.
source "$(dirname "$0")/lib.sh"

# rejects NAME 'file:line:col: error: text' [circle args...]: the source is NAME.cxx.
rejects() {
  local name=$1 msg=$2; shift 2
  rm -f out
  local out; out=$(cu -sm_75 -sm_90 "$@" "$name.cxx" -o out 2>&1); local rc=$?
  expect_eq "$rc" 1 "$name: exit status"
  expect_contains "$out" "$msg" "$name: the diagnostic"
  expect_not_contains "$out" "ptxas" "$name: caught before ptxas"
  expect_not_contains "$out" "Stack dump" "$name: no crash"
  expect_not_contains "$out" "circle bug" "$name: not called a circle bug"
  expect_no_file out "$name: no output"
}
compiles() { # NAME [circle args...]: builds and runs, printing what main prints
  local name=$1; shift
  local out; out=$(cu -sm_75 -sm_90 "$@" "$name.cxx" -o "$name" 2>&1)
  expect_eq "$?" 0 "$name compiles ($out)"
}

printf '__shared__ int b;\n__device__ int* p = &b;\n__global__ void k() { *p = 1; }\nint main() {}\n' > shared_address.cxx
rejects shared_address "shared_address.cxx:2:22: error: __device__ variable 'p' cannot be initialized with the address of __shared__ variable 'b': every block has its own"

printf 'int host_int;\n__device__ int* const p = &host_int;\n__global__ void k() { *p = 1; }\nint main() {}\n' > host_address.cxx
rejects host_address "host_address.cxx:2:28: error: __device__ variable 'p' cannot be initialized with the address of host variable 'host_int', which does not exist on the GPU"

printf '__global__ void k(int n, ...) {}\nint main() {}\n' > variadic.cxx
rejects variadic "variadic.cxx:1:17: error: a __global__ function cannot be variadic: 'k' takes '...'"

printf '__constant__ char a[40000];\n__constant__ char b[30000];\n__global__ void k(char* o) { *o = a[1] + b[2]; }\nint main() {}\n' > constant_bank.cxx
rejects constant_bank "constant_bank.cxx:2:19: error: __constant__ data reaches 70000 bytes with 'b'; the GPU's constant bank holds 65536"

printf 'struct P { char d[40000]; };\n__global__ void k(P p, char* o) { *o = p.d[3]; }\nint main() {}\n' > big_parameter.cxx
rejects big_parameter "big_parameter.cxx:2:17: error: the parameters of kernel 'k' take 40008 bytes; a kernel's parameter space holds 32764"
# Up to the limit is fine (what nvcc accepts since CUDA 12.1).
printf 'struct P { char d[32000]; };\n__global__ void k(P p, char* o) { *o = p.d[3]; }\nint main() {}\n' > big_ok.cxx
compiles big_ok

printf 'int g = (__syncthreads(), 0);\nint main() { return g; }\n' > builtin_initializer.cxx
rejects builtin_initializer "builtin_initializer.cxx:1:5: error: the initializer of 'g' calls the GPU built-in 'llvm.nvvm.barrier.cta.sync.aligned.all', which exists on the GPU only"
printf 'auto f = [] { return __shfl_sync(0xffffffffu, 1, 0); };\nint g2 = f();\nint main() { return g2; }\n' > lambda_initializer.cxx
rejects lambda_initializer "lambda_initializer.cxx:2:5: error: the initializer of 'g2', through host function"
expect_contains "$(cu -sm_90 lambda_initializer.cxx -o out 2>&1)" "calls '__shfl_sync', a __device__ function, which exists on the GPU only" "the lambda's call is named"

cat > member_launch.cxx <<'SRC'
#define LAUNCH(k) k<<<1, 1>>>()
struct S { void m() {} };
__global__ void kern() {}
template <class T> __global__ void tk(T) {}
template <class T> void tl(T t) { tk<<<1, 1>>>(t); }
int main() { S s; s.m<<<1, 1>>>(); LAUNCH(kern); tl(3); }
SRC
rejects member_launch "member_launch.cxx:6:22: error: only a __global__ function can be launched with <<<...>>>; this call is not a kernel launch"
check; [ "$(cu -sm_90 member_launch.cxx -o out 2>&1 | grep -c 'error:')" -eq 1 ] || fail "only the member call is refused"

# A limit only ptxas knows (static shared memory per block): the program's error, at
# the kernel ptxas names, not a circle bug.
printf '__global__ void k(char* o) {\n  __shared__ char big[100000];\n  big[threadIdx.x] = 1;\n  __syncthreads();\n  *o = big[5];\n}\nint main() {}\n' > smem.cxx
out=$(cu -sm_90 smem.cxx -o out 2>&1); rc=$?
expect_eq "$rc" 1 "shared memory over the limit: exit status"
expect_contains "$out" "smem.cxx:1:17: error: the program exceeds a limit of sm_90 (ptxas):" "shared memory over the limit, at the kernel"
expect_contains "$out" "uses too much shared data" "ptxas's words"
expect_not_contains "$out" "circle bug" "a program's limit is not a circle bug"
expect_no_file out "no output"

# __float128 arithmetic the GPU cannot do: at the expression, through a helper too.
cat > quad.cxx <<'SRC'
__device__ double third(double x) {
  __float128 a = x;
  a = a * a + 1;
  return (double)(a / 3);
}
__global__ void k(double* o, double x) { *o = third(x); }
int main() {}
SRC
rejects quad "quad.cxx:2:18: error: __float128 arithmetic is not supported on the GPU (sm_75)"
# ...while host code may use it, in the same file as kernels.
printf '#include <cstdio>\n__global__ void k(int* p) { *p = 1; }\nint main() { __float128 a = 10; a = a / 4; printf("%%d\\n", (int)a); }\n' > quad_host.cxx
compiles quad_host
expect_eq "$(./quad_host)" "2" "__float128 on the host"

# Names PTX cannot spell: a kernel's is an error at the kernel; a helper's is respelt.
cat > names.cxx <<'SRC'
__device__ int \u00e9l\u00e9ment(int v) { return v + 1; }
__global__ void ok(int* p) { *p = \u00e9l\u00e9ment(*p); }
__global__ void \u00e9t\u00e9(int* p) { *p = 2; }
int main() {}
SRC
rejects names "names.cxx:3:17: error: '"
expect_contains "$(cu -sm_90 names.cxx -o out 2>&1)" "cannot be named in PTX, which spells names with ASCII letters, digits, '_' and '\$' only" "the PTX naming rule is said"
sed -i '3d' names.cxx
cu -sm_90 -S -gpu -OG0 names.cxx -o names > /dev/null 2>&1
expect_eq "$?" 0 "a helper with a non-ASCII name compiles"
expect_contains "$(cat names.sm_90.ptx)" '_Z9_$c3_$a9l_$c3_$a9menti' "the helper is respelt for PTX"

# Host inline assembly the assembler rejects: at the statement, no leftovers.
printf 'int main() {\n  asm("trap");\n}\n' > host_asm.cxx
rejects host_asm "host_asm.cxx:2:7: error: inline assembly: invalid instruction mnemonic 'trap'"
printf 'namespace n {\nasm("trap");\n}\nint main() {}\n' > file_asm.cxx
rejects file_asm "file_asm.cxx:2:1: error: inline assembly: invalid instruction mnemonic 'trap'"
printf 'int main() {\n  asm("movl $1, %%%%eax\\n\\tbogus %%%%eax" ::: "eax");\n}\n' > host_asm2.cxx
out=$(cu -sm_90 host_asm2.cxx -o out 2>&1)
expect_contains "$out" "host_asm2.cxx:2:24: error: inline assembly: invalid instruction mnemonic 'bogus'" "the failing line of a multi-line asm"

# Command lines a single-pass compiler cannot honour.
# Older dialects (nvcc compiles them) compile as C++17, what C++17 removed warning instead.
cat > old_std.cu <<'CU'
#include <cstdio>
void f() throw(int) {}
__global__ void k(int* p) { register int r = 2; bool b = false; b++; *p = r + b; }
int main() { int x = 0; std::printf("%d\n", __cplusplus >= 201703L); (void)x; }
CU
for std in c++98 c++03 c++11 c++14 gnu++14; do
  out=$(cu -sm_90 -std=$std old_std.cu -o old_std 2>&1); status=$?
  expect_eq "$status" 0 "-std=$std compiles ($out)"
  expect_contains "$out" "circle: note: '-std=$std' compiled as -std=" "-std=$std: said"
  expect_contains "$out" "old_std.cu:3:29: warning: ISO C++17 does not allow 'register'" "-std=$std: register warns, located"
done
out=$(cu -sm_90 -D__CUDA_ARCH__=300 host_asm.cxx -o out 2>&1)
expect_contains "$out" "circle: error: '-D__CUDA_ARCH__=300': __CUDA_ARCH__ cannot be set" "-D__CUDA_ARCH__"
printf '#define __CUDA_ARCH__ 800\nint main() {}\n' > define_arch.cxx
rejects define_arch "define_arch.cxx:1:9: error: __CUDA_ARCH__ cannot be defined or undefined: circle gives each target of the compile its own value"

# Valid programs that used to fail: a host function kept with [[gnu::used]] that
# throws; launch bounds of 0 (no bound, as nvcc's __launch_bounds__(n, 0)).
printf '#include <cstdio>\n[[gnu::used]] void f() { throw 1; }\nint main() { try { f(); } catch (int) { puts("caught"); } }\n' > used_throw.cxx
compiles used_throw
expect_eq "$(./used_throw)" "caught" "the [[gnu::used]] host function runs on the host"
cat > bounds_zero.cxx <<'SRC'
__global__ void k() { __nvvm_maxntidx(0); __nvvm_minctasm(0); }
template <int N> __global__ void t() { __nvvm_maxntidx(N); }
int main() { k<<<1, 1>>>(); t<0><<<1, 1>>>(); t<64><<<1, 1>>>(); }
SRC
cu -sm_90 -S -gpu bounds_zero.cxx -o bz > /dev/null 2>&1
expect_eq "$?" 0 "launch bounds of 0 compile"
expect_not_contains "$(cat bz.sm_90.ptx)" ".maxntid 0" "a bound of 0 is no directive"
expect_contains "$(cat bz.sm_90.ptx)" ".maxntid 64" "a real bound stays"

# Empty translation units compile.
: > empty.cxx
printf '// only a comment\n' > comment.cxx
printf '#pragma once\n' > once.cxx
for f in empty comment once; do
  cu -sm_90 -c $f.cxx -o $f.o 2> $f.log
  expect_eq "$?" 0 "$f translation unit compiles ($(cat $f.log))"
  "$CIRCLE" -c $f.cxx -o $f.host.o 2> /dev/null
  expect_eq "$?" 0 "$f translation unit compiles without CUDA"
done

# Deep nesting: Clang's own limits or success, never a stack overflow.
python3 -c "print('int main() { return ' + '(' * 1500 + '0' + ')' * 1500 + '; }')" > parens.cxx
cu -sm_90 parens.cxx -o parens 2> parens.log; expect_eq "$?" 0 "1500 parentheses ($(tail -3 parens.log))"
python3 -c "print('int main() { int x = 1; return ' + ' + '.join(['x'] * 50000) + ' - 49999; }')" > terms.cxx
cu -sm_90 terms.cxx -o terms 2> terms.log; expect_eq "$?" 0 "a 50,000-term expression ($(tail -3 terms.log))"
./terms; expect_eq "$?" 1 "the 50,000-term expression computes"
expect_not_contains "$(cat terms.log)" "stack nearly exhausted" "no stack warning"

# long double on the device computes as double (the issue's reproducer lost its
# stores), with a warning naming the kernel, and printf's %Lf reads a double.
cat > long_double.cxx <<'SRC'
#include <cstdio>
struct S { int i; long double v; char c; };
__device__ long double scale = 2.5L;
__device__ S table = {1, 0.5L, 'x'};
__device__ long double harmonic(int n) {
  long double s = 0.0L;
  for (int i = 1; i <= n; ++i) s += 1.0L / i;
  return s;
}
__global__ void k(double* o) {
  long double a = 1.0L, b = 3.0L;
  o[0] = (double)(a / b);
  o[1] = (double)(harmonic(4) * scale + table.v);
  printf("%Lf %.2Lf %d\n", a / b, 2.0L / 3.0L, 7);
}
__global__ void plain(double* o) { o[0] = 1.0; }
int main() {}
SRC
out=$(cu -sm_75 -sm_90 -S -emit-llvm -gpu long_double.cxx -o ld 2>&1)
expect_eq "$?" 0 "long double in kernels compiles ($out)"
expect_contains "$out" "long_double.cxx:10:17: warning: kernel 'k(double*)' computes with long double, which the GPU computes as double" "the warning names the kernel"
expect_eq "$(grep -c 'computes with long double' <<< "$out")" 1 "one warning, for the kernel that uses it, once"
ll=$(cat ld.sm_90.ll)
expect_not_contains "$ll" "x86_fp80" "no x87 value reaches the device module"
expect_contains "$ll" "store double 0x3FD5555555555555" "1/3 is computed and stored (the issue's dropped store)"
expect_contains "$ll" '@scale = dso_local addrspace(1) externally_initialized global <{ double, [8 x i8] }> <{ double 2.500000e+00' "a device variable keeps the host's 16 bytes"
expect_contains "$ll" '<{ i32, [12 x i8], <{ double, [8 x i8] }>, i8, [15 x i8] }>' "a struct keeps the host's layout"
expect_contains "$ll" 'c"%f %.2f %d\0A\00"' "printf's %Lf becomes %f"
cu -sm_75 -sm_90 long_double.cxx -o long_double 2> /dev/null
expect_eq "$?" 0 "long double program links"
finish
