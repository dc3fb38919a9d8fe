# The device libraries: standard-library and libc programs compile for sm_75 and
# sm_90 with nothing left unresolved but the PTX system calls; what the device
# lacks is an error at the kernel; kernels whose stack ptxas cannot bound warn.
source "$(dirname "$0")/lib.sh"
cases="$CIRCLE_ROOT/tests/gpu/cases"
for name in stl_containers sort_per_thread device_libc shared_ptr virtual_calls rtti strings; do
  out=$(cu -sm_75 -sm_90 -S -gpu "$cases/$name.cxx" -o "$name" 2>&1)
  expect_eq "$?" 0 "$name compiles ($out)"
  for sm in 75 90; do
    ptx="$name.sm_$sm.ptx"
    check; "$CUDA_PATH/bin/ptxas" -arch=sm_$sm "$ptx" -o "$name.$sm.cubin" 2> ptxas.log || fail "ptxas sm_$sm $name: $(cat ptxas.log)"
    externs=$(grep '^\.extern' "$ptx" | grep -vE '\b(vprintf|malloc|free|__assertfail)$' || true)
    expect_eq "$externs" "" "$name sm_$sm: only PTX system calls are external"
  done
done
has_func() { check; grep -qE "^\.func .*\b$2\($" "$1" || fail "$3: no .func $2 in $1"; }
# -std=c++17 (nvcc's default): libstdc++ declares std::string's members instantiated
# elsewhere there, and the runtime has them (runtime/string_templates.cpp).
for name in strings stl_containers; do
  out=$(cu -std=c++17 -sm_90 -S -gpu "$cases/$name.cxx" -o "${name}17" 2>&1)
  expect_eq "$?" 0 "$name compiles as C++17 ($out)"
  check; "$CUDA_PATH/bin/ptxas" -arch=sm_90 "${name}17.sm_90.ptx" -o "$name.17.cubin" 2> ptxas.log || fail "ptxas $name C++17: $(cat ptxas.log)"
done
# An inline function the headers declare instantiated elsewhere (`extern template`)
# keeps a body where a call to it stays a call: the runtime's where it has one
# (endl), the header's where it has none (<< of a std::string).
cat > kept.cxx <<'SRC'
#include <sstream>
#include <string>
__global__ void k(char* out) {
  std::ostringstream os;
  std::string s = "kept";
  [[clang::noinline]] os << s;
  [[clang::noinline]] std::endl(os);
  for (char c : os.str()) *out++ = c;
}
int main() {}
SRC
out=$(cu -sm_90 -S -gpu kept.cxx -o kept 2>&1)
expect_eq "$?" 0 "calls left to extern templates' inline functions link ($out)"
has_func kept.sm_90.ptx _ZStlsIcSt11char_traitsIcESaIcEERSt13basic_ostreamIT_T0_ES7_RKNSt7__cxx1112basic_stringIS4_S5_T1_EE "<< of a string from the header"
has_func kept.sm_90.ptx _ZSt4endlIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_ "endl from the runtime"

# The runtime's pieces land in the modules that use them (at -OG0, before inlining
# folds them into the kernels).
cu -sm_90 -OG0 -S -gpu "$cases/stl_containers.cxx" -o stl0 > /dev/null 2>&1
has_func stl0.sm_90.ptx _ZSt29_Rb_tree_insert_and_rebalancebPSt18_Rb_tree_node_baseS0_RS_ "red-black tree from the runtime"
has_func stl0.sm_90.ptx _ZNKSt8__detail20_Prime_rehash_policy14_M_need_rehashEmmm "hash policy from the runtime"
has_func stl0.sm_90.ptx _Znwm "operator new from the runtime"
cu -sm_90 -OG0 -S -gpu "$cases/device_libc.cxx" -o libc0 > /dev/null 2>&1
for f in snprintf strtod strtol qsort bsearch strtok_r isupper; do has_func libc0.sm_90.ptx $f "$f from the device libc"; done

# The runtime's own variables come only with the functions that use them, internal:
# an empty kernel carries none of glibc's ctype tables; __ctype_b_loc brings its one.
printf '__global__ void k(int* p) { *p = 1; }\nint main() {}\n' > empty.cxx
cu -sm_90 -S -gpu empty.cxx -o empty > /dev/null 2>&1
expect_eq "$(grep -c '_GLOBAL__N_' empty.sm_90.ptx)" 0 "an empty kernel carries no runtime variables"
printf '#include <cctype>\n__global__ void k(int* p, int c) { *p = (*__ctype_b_loc())[c] & _ISalpha; }\nint main() {}\n' > cls.cxx
cu -sm_90 -S -gpu cls.cxx -o cls > /dev/null 2>&1
tables=$(grep -oE '^(\.visible )?\.global [^=]*_ZN12_GLOBAL__N_1[0-9]+[a-zA-Z0-9]+E' cls.sm_90.ptx | sed 's/.* //' | sort | tr '\n' ' ')
expect_eq "$tables" "_ZN12_GLOBAL__N_110classesAt0E _ZN12_GLOBAL__N_17classesE " "__ctype_b_loc brings its table only"
expect_eq "$(grep -c '^\.visible \.global .*_GLOBAL__N_' cls.sm_90.ptx)" 0 "and keeps it internal"

# A kernel reaching a host library's variable or a libc function the device lacks.
printf 'extern int host_only_counter;\n__global__ void k(int* p) { *p = host_only_counter; }\nint main() {}\n' > var.cxx
out=$(cu -sm_90 var.cxx -o var 2>&1); rc=$?
expect_eq "$rc" 1 "a host variable in a kernel is refused"
expect_contains "$out" "var.cxx:2:34: error: 'host_only_counter' is a host variable, which device code cannot read: kernel 'k(int*)' reaches this use on sm_90" "and named where it is read"
# A host object reached through an inlined member call (a GEP of it): the kernel
# read an unresolved extern, which ptxas only warned about.
cat > hostmap.cxx <<'SRC'
#include <map>
std::map<int, int> table = {{1, 2}};
int counter = 5;
int helper() { return counter; }
__global__ void k(int* o) { *o = int(table.size()); }
__global__ void h(int* o) { *o = helper(); }
template <class T> T sizeOf() { return T(table.size()); }
__global__ void t(long* o) { *o = sizeOf<long>() + counter; }
int main() {}
SRC
out=$(cu -sm_75 -sm_90 hostmap.cxx -o hostmap 2>&1); rc=$?
expect_eq "$rc" 1 "a host std::map in a kernel is refused"
expect_contains "$out" "hostmap.cxx:5:38: error: 'table' is a host variable" "at its use in the kernel"
expect_contains "$out" "hostmap.cxx:4:23: error: 'counter' is a host variable, which device code cannot read: kernel 'h(int*)'" "at its use in the helper"
expect_contains "$out" "hostmap.cxx:6:17: note: kernel 'h(int*)' declared here" "the kernel in a note"
# A use in a template's instantiation is found where the template says it.
out=$(printf '#include <vector>\nstd::vector<int> tbl(3);\ntemplate <class T> T rd() { return T(tbl.size()); }\n__global__ void k(int* o) { *o = rd<int>(); }\nint main() {}\n' > tmpl.cxx; cu -sm_90 tmpl.cxx -o tmpl 2>&1)
expect_contains "$out" "tmpl.cxx:3:38: error: 'tbl' is a host variable" "at its use in a template's instantiation"
# What the device libraries lack is named at the kernel (files and stdio they have,
# served by the host: test_device_stdio.sh).
printf '#include <ctime>\n__global__ void k(long* t) { *t = time(nullptr); }\nint main() {}\n' > tm.cxx
out=$(cu -sm_90 tm.cxx -o tm 2>&1)
expect_contains "$out" "tm.cxx:2:17: error: kernel 'k(long*)' reaches 'time', which has no device definition for sm_90" "the clock is not on the device"
# RTTI: the device module gets its type_info objects and the runtime's dynamic_cast;
# the rtti case's host half (the GPU suite compares the device half) prints here.
cu -sm_90 -OG0 -S -gpu "$cases/rtti.cxx" -o rtti0 > /dev/null 2>&1
has_func rtti0.sm_90.ptx __circle_dynamic_cast "dynamic_cast from the runtime"
check; grep -qE '\.global .*\b_ZTIN3zoo4cageIlEE\[' rtti0.sm_90.ptx || fail "no type_info object for zoo::cage<long>"
check; grep -qE '\.global .*\b_ZTVN10__cxxabiv121__vmi_class_type_infoE\[' rtti0.sm_90.ptx || fail "no vtable for __vmi_class_type_info"
# A vtable Clang emits available_externally (std::exception's key function is the
# runtime's) gives way to the runtime's definition: it was an unresolved extern
# that ptxas only warned about, read as zeros when the throw printed what().
printf '#include <exception>\n__global__ void k(int x) { if (x) throw std::exception(); }\nint main() {}\n' > exv.cxx
out=$(cu -sm_90 -S -gpu exv.cxx -o exv 2>&1)
expect_eq "$?" 0 "throw std::exception() in a kernel ($out)"
expect_not_contains "$(cat exv.sm_90.ptx)" ".extern .global .align 8 .b8 _ZTVSt9exception" "its vtable is defined"
# A class with a non-trivial copy constructor is passed as its address, as the C++
# ABI says (Clang's NVPTX ABI copies it byval, and an object holding `this` saw
# another address): the callee's parameter is a pointer, not a copy in .param space.
cat > self.cxx <<'SRC'
struct Self { Self* me; int v; Self(int x) : me(this), v(x) {} Self(const Self& o) : me(this), v(o.v) {} };
__attribute__((noinline)) int check(Self s) { return s.me == &s ? s.v : -1; }
__global__ void k(int* out) { Self a(5); *out = check(a); }
int main() {}
SRC
cu -sm_90 -S -gpu self.cxx -o self > /dev/null 2>&1
expect_eq "$(grep -A1 '^\.func .*_Z5check4Self($' self.sm_90.ptx | tail -n1 | tr -d '\t')" ".param .b64 _Z5check4Self_param_0" \
  "Self passed by address"
# A reference bound to typeid is a constant Clang evaluated for the host; the device
# pass evaluates it again (its type_info is no null reference).
printf '#include <typeinfo>\n__global__ void k(const char** o) { const std::type_info& t = typeid(double); *o = t.name(); }\nint main() {}\n' > bound.cxx
cu -sm_90 -S -gpu bound.cxx -o bound > /dev/null 2>&1
check; grep -qE '\b_ZTSd\b' bound.sm_90.ptx || fail "typeid bound to a reference is null on the device"
cu -sm_75 -sm_90 "$cases/rtti.cxx" -o rtti > /dev/null 2>&1
expect_eq "$(./rtti 2> /dev/null | grep '^host:')" "$(grep '^host:' "$CIRCLE_ROOT/tests/gpu/expected/rtti.out")" "RTTI's host half"
# Heap calls go through the size-keeping wrappers, so realloc exists.
printf '#include <cstdlib>\n__global__ void k(int** p) { *p = (int*)realloc(*p, 64); free(*p); }\nint main() {}\n' > re.cxx
out=$(cu -sm_90 -OG0 -S -gpu re.cxx -o re 2>&1)
expect_eq "$?" 0 "realloc in a kernel ($out)"
has_func re.sm_90.ptx __circle_realloc "realloc through the wrapper"

# The compiler's helpers for complex * and / and integer powers (runtime/
# complex_arithmetic.cpp): a kernel using std::complex<float/double> links them; the
# same source compiled for the host here agrees with libgcc's product and powers bit for
# bit, with the exact quotient (long double) for finite operands, and with C's Annex G
# for infinite and zero ones, over 150,000 operand quadruples. llvm.powi (NVPTX selects
# none: "Cannot select fpow") becomes a function of the module doing the same squarings
# (targets/nvptx/powi_expansion.h), at every level.
cat > complex_kernel.cxx <<'SRC'
#include <complex>
__global__ void k(std::complex<double>* a, std::complex<float>* b, double* c, int n) {
  a[0] = a[1] * a[2];
  a[3] = a[1] / a[2];
  b[0] = b[1] * b[2];
  b[3] = b[1] / b[2];
  c[0] = __builtin_powi(c[1], n);
  b[4] = __builtin_powif(b[5].real(), n);
}
int main() {}
SRC
out=$(cu -sm_90 -S -gpu complex_kernel.cxx -o complex_kernel 2>&1)
expect_eq "$?" 0 "complex arithmetic in a kernel ($out)"
expect_eq "$(grep '^\.extern' complex_kernel.sm_90.ptx)" "" "the complex helpers are the module's own"
for f in __circle_powi_f64_i32 __circle_powi_f32_i32; do has_func complex_kernel.sm_90.ptx $f "powi"; done
out=$(cu -sm_90 -OG0 -S -gpu complex_kernel.cxx -o complex_kernel0 2>&1)
expect_eq "$?" 0 "complex arithmetic and powi in a kernel at -OG0 ($out)"
for f in __muldc3 __divdc3 __mulsc3 __divsc3 __circle_powi_f64_i32; do has_func complex_kernel0.sm_90.ptx $f "-OG0"; done
# Host code's std::complex * and / call libgcc's helpers, as with nvcc, beside a kernel
# doing the same: Clang's CUDA header defines __device__ namesakes for the GPU, which
# circle took for the host's calls ("calls '__muldc3', a __device__ function").
cat > complex_both.cu <<'SRC'
#include <complex>
#include <cstdio>
__global__ void k(std::complex<double>* p) { p[0] = p[1] * p[2] / p[3]; }
int main() {
  std::complex<double> a(1, 2), b(3, 4);
  std::complex<float> c(1, 2), d(3, 4);
  std::complex<double> x = a * b / b;
  std::complex<float> y = c * d;
  printf("%g %g %g %g\n", x.real(), x.imag(), y.real(), y.imag());
}
SRC
out=$(cu -sm_90 complex_both.cu -o complex_both 2>&1)
expect_eq "$?" 0 "std::complex * and / in host code and a kernel ($out)"
expect_eq "$(./complex_both)" "1 2 -5 10" "the host's complex arithmetic"
cat > complex_host.cpp <<'SRC'
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <algorithm>
#include <limits>
extern "C" _Complex double __muldc3(double, double, double, double);
extern "C" _Complex double __divdc3(double, double, double, double);
extern "C" _Complex float __mulsc3(float, float, float, float);
extern "C" _Complex float __divsc3(float, float, float, float);
extern "C" double __powidf2(double, int);
extern "C" float __powisf2(float, int);
#define __mulsc3 circle_mulsc3
#define __muldc3 circle_muldc3
#define __divsc3 circle_divsc3
#define __divdc3 circle_divdc3
#define __powisf2 circle_powisf2
#define __powidf2 circle_powidf2
#include RUNTIME
#undef __mulsc3
#undef __muldc3
#undef __divsc3
#undef __divdc3
#undef __powisf2
#undef __powidf2
extern "C" float __nv_logbf(float x) { return logbf(x); }
extern "C" double __nv_logb(double x) { return logb(x); }
extern "C" float __nv_scalbnf(float x, int e) { return scalbnf(x, e); }
extern "C" double __nv_scalbn(double x, int e) { return scalbn(x, e); }

template <class T> bool sameBits(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return std::memcmp(&x, &y, sizeof x) == 0;
}
int failures = 0;
template <class T> void fail(const char* op, T a, T b, T c, T d, T mr, T mi, double er, double ei) {
  if (++failures <= 10)
    printf("%s (%g,%g) (%g,%g): circle (%g,%g) expected (%g,%g)\n", op, (double)a, (double)b, (double)c, (double)d,
           (double)mr, (double)mi, er, ei);
}
// A product: libgcc's, bit for bit (both are C's Annex G, without contraction).
template <class T, class C> void product(const char* op, T a, T b, T c, T d, C mine, C theirs) {
  if (!sameBits((T)__real__ mine, (T)__real__ theirs) || !sameBits((T)__imag__ mine, (T)__imag__ theirs))
    fail(op, a, b, c, d, (T)__real__ mine, (T)__imag__ mine, (double)__real__ theirs, (double)__imag__ theirs);
}
// A quotient of finite values: the exact one (long double, whose range squares any
// double), rounded, within a few units of the larger part's last place; of infinities,
// NaNs or by zero: libgcc's classification of each part (Annex G).
template <class T, class C> void quotient(const char* op, T a, T b, T c, T d, C mine, C theirs) {
  T mr = __real__ mine, mi = __imag__ mine;
  if (std::isfinite(a) && std::isfinite(b) && std::isfinite(c) && std::isfinite(d) && (c != 0 || d != 0)) {
    long double n = (long double)c * c + (long double)d * d;
    long double er = ((long double)a * c + (long double)b * d) / n, ei = ((long double)b * c - (long double)a * d) / n;
    T xr = (T)er, xi = (T)ei; // rounded: infinite where the quotient overflows T
    T scale = std::max(std::fabs(xr), std::fabs(xi));
    // A subnormal operand has fewer digits, and the algorithm's scaled products lose more.
    bool subnormal = false;
    for (T x : {a, b, c, d}) subnormal |= std::fpclassify(x) == FP_SUBNORMAL;
    T eps = subnormal ? (sizeof(T) == 4 ? 1e-3f : 1e-9) : (sizeof(T) == 4 ? 1.2e-7f : 2.3e-16);
    auto near = [&](T m, T x) {
      if (std::isinf(x) || std::isinf(m)) return m == x;
      return std::fabs(m - x) <= 4 * eps * scale + std::numeric_limits<T>::denorm_min() * 4;
    };
    if (!near(mr, xr) || !near(mi, xi)) fail(op, a, b, c, d, mr, mi, (double)xr, (double)xi);
    return;
  }
  // Annex G's cases (G.5.1): infinite / finite is an infinity, finite / infinite a zero,
  // nonzero / zero an infinity (at least one part infinite, whatever the other).
  (void)theirs;
  auto inf = [](T x) { return std::isinf(x); };
  auto nan = [](T x) { return std::isnan(x); };
  if (nan(a) || nan(b) || nan(c) || nan(d)) return;
  bool infinite = inf(mr) || inf(mi), zero = mr == 0 && mi == 0;
  bool numInf = inf(a) || inf(b), denInf = inf(c) || inf(d), denZero = c == 0 && d == 0;
  if (numInf && !denInf && !infinite) fail(op, a, b, c, d, mr, mi, INFINITY, INFINITY);
  if (!numInf && denInf && !zero) fail(op, a, b, c, d, mr, mi, 0.0, 0.0);
  if (!numInf && denZero && (a != 0 || b != 0) && !infinite) fail(op, a, b, c, d, mr, mi, INFINITY, INFINITY);
}
int main() {
  const double v[] = {0.0, -0.0, 1.0, -1.0, 2.5, -3.75, 1e30, -1e-20, 1e300, -1e-300, 1e-310, INFINITY, -INFINITY, NAN};
  int n = sizeof v / sizeof v[0], cases = 0;
  for (double a : v) for (double b : v) for (double c : v) for (double d : v) {
    product("muldc3", a, b, c, d, circle_muldc3(a, b, c, d), __muldc3(a, b, c, d));
    quotient("divdc3", a, b, c, d, circle_divdc3(a, b, c, d), __divdc3(a, b, c, d));
    float fa = a, fb = b, fc = c, fd = d;
    product("mulsc3", fa, fb, fc, fd, circle_mulsc3(fa, fb, fc, fd), __mulsc3(fa, fb, fc, fd));
    quotient("divsc3", fa, fb, fc, fd, circle_divsc3(fa, fb, fc, fd), __divsc3(fa, fb, fc, fd));
    cases += 4;
  }
  for (double x : v) for (int e : {0, 1, 2, 3, 7, 10, -1, -2, -5, 31, -31}) {
    double m = circle_powidf2(x, e), t = __powidf2(x, e);
    float mf = circle_powisf2((float)x, e), tf = __powisf2((float)x, e);
    if (!sameBits(m, t) || !sameBits(mf, tf)) { if (++failures <= 20) printf("powi %g %d: %g %g / %g %g\n", x, e, m, t, (double)mf, (double)tf); }
    cases += 2;
  }
  printf("%d cases, %d differ\n", cases, failures);
  return failures != 0;
}
SRC
check; c++ -O1 -DRUNTIME="\"$CIRCLE_ROOT/libdevice-c/runtime/complex_arithmetic.cpp\"" complex_host.cpp -o complex_host \
  2> complex_host.log || fail "the runtime's complex helpers compile for the host: $(cat complex_host.log)"
expect_eq "$(./complex_host | tail -1)" "153972 cases, 0 differ" "complex helpers against libgcc, the exact quotient and Annex G"

# A kernel whose stack ptxas cannot size (a std::set's destructor recurses): its stub
# raises CUDA's stack limit to circle's bound before the launch; a plain kernel's not.
out=$(cu -sm_75 -sm_90 -S -emit-llvm "$EXAMPLES/unique.cxx" -o unique.ll 2>&1)
expect_not_contains "$out" "may need more stack" "no warning: circle sizes the stack"
stub=$(sed -n '/^define.*__device_stub__kernel/,/^}/p' unique.ll)
expect_contains "$stub" "call i32 @__circle_stack_cudaLaunchKernel(i64 " "the stub raises the limit"
expect_contains "$(cat unique.ll)" "call i32 @cudaDeviceSetLimit(i32 0, i64 %0)" "through cudaDeviceSetLimit(cudaLimitStackSize)"
# Only over CUDA's default or circle's own last limit: one the program set stays
# (GPU case user_stack_limit runs it).
expect_contains "$(cat unique.ll)" "@__circle_stack_limit_set = linkonce_odr global i64 0" "one record of circle's limit for the program"
expect_contains "$(cat unique.ll)" "icmp eq i64 %" "the current limit compared"
expect_contains "$(cat unique.ll)" "store i64 %0, ptr @__circle_stack_limit_set" "the limit circle set recorded"
cu -sm_90 -S -emit-llvm "$EXAMPLES/saxpy.cxx" -o saxpy.ll > /dev/null 2>&1
expect_not_contains "$(cat saxpy.ll)" "__circle_stack" "a kernel ptxas sizes launches as it is"
# A recursive function with a known frame: 64 times its frame.
cat > fib.cxx <<'SRC'
__device__ int fib(int n) { int pad[8]; for (int i = 0; i < 8; ++i) pad[i] = n + i; return n < 2 ? n + pad[n & 7] - n - (n & 7) : fib(n - 1) + fib(n - 2); }
__global__ void k(int* o, int n) { *o = fib(n); }
int main() { k<<<1, 1>>>(nullptr, 3); }
SRC
cu -sm_90 -S -emit-llvm fib.cxx -o fib.ll > /dev/null 2>&1
cu -sm_90 -S -gpu fib.cxx -o fibg > /dev/null 2>&1
frame=$("$CUDA_PATH/bin/ptxas" -v -arch=sm_90 fibg.sm_90.ptx -o /dev/null 2>&1 | grep -A1 'properties for _Z3fibi' | sed -n 's/^ *\([0-9]*\) bytes stack frame.*/\1/p')
expect_contains "$(cat fib.ll)" "@__circle_stack_cudaLaunchKernel(i64 $((frame * 64))," "64 times fib's ptxas frame ($frame bytes)"
# -fno-gpu-auto-stack: as CUDA does, with the warning instead.
out=$(cu -sm_75 -sm_90 -fno-gpu-auto-stack -S -emit-llvm "$EXAMPLES/unique.cxx" -o unique_off.ll 2>&1)
expect_not_contains "$(cat unique_off.ll)" "__circle_stack" "-fno-gpu-auto-stack leaves the stubs as they are"
expect_contains "$out" "unique.cxx:7:17: warning: kernel 'kernel(int, int)' may need more stack than ptxas can determine statically (recursion through 'std::_Rb_tree<int, int" "recursion warning at the kernel"
expect_eq "$(grep -c 'may need more stack' <<< "$out")" 1 "warned once, not per sm"
# The device runtime's functions are the ones the toolkit declares __device__:
# cudaGetLastError links (libcudadevrt.a), cudaDeviceSynchronize, host-only since CUDA 12,
# is an error at the kernel (was a ptxas rejection called a circle bug on sm_90).
cat > devrt.cu <<'SRC'
__global__ void ok(int* p) { p[0] = (int)cudaGetLastError(); }
__global__ void bad(int* p) { p[0] = 1; cudaDeviceSynchronize(); }
int main() { ok<<<1, 1>>>(nullptr); bad<<<1, 1>>>(nullptr); }
SRC
out=$(cu -sm_75 -sm_90 devrt.cu -o devrt 2>&1); rc=$?
expect_eq "$rc" 1 "a kernel calling cudaDeviceSynchronize does not build"
expect_contains "$out" "devrt.cu:2:17: error: kernel 'bad(int*)' reaches 'cudaDeviceSynchronize', which has no device definition" "said at the kernel"
expect_not_contains "$out" "ptxas" "before ptxas"
expect_not_contains "$out" "'ok(int*)'" "cudaGetLastError is the device runtime's"

# A long double constant already cast to the device's double type (std::log(2.0L)):
# lowered to a double constant, not an x87 cast NVPTX cannot select (an internal error).
out=$(cu -sm_90 -S -gpu "$CIRCLE_ROOT/tests/gpu/cases/long_double_constants.cxx" -o ldc 2>&1)
expect_eq "$?" 0 "long double constants in a kernel ($out)"
expect_not_contains "$out" "Cannot select" "no instruction-selection failure"
# Its long double parameter: the stub stores the argument's double value where the
# kernel reads it (the GPU case printed NaN for sqrt(7.0L + 2.0L) before).
cu -sm_90 -S -emit-llvm "$CIRCLE_ROOT/tests/gpu/cases/long_double_constants.cxx" -o ldc.ll > /dev/null 2>&1
expect_contains "$(grep -A14 'define.*device_stub' ldc.ll)" "fptrunc x86_fp80 %1 to double" "the stub passes the double value"

finish
