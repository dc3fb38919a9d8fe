# What the passes are not handed (codegen/left_out_functions.h): a device pass, the
# host's must-emit functions that nothing on the GPU reaches (codegen/host_roots.h: main
# and the user's functions only host code calls); every pass, definitions nothing refers
# to. What a kernel reaches, through any chain and implicit calls, stays; a reference
# the readings cannot see makes the pass generate again with everything, once.
source "$(dirname "$0")/lib.sh"

cat > roots.cu <<'SRC'
#include <cstdio>
#include <map>
int deep(int x) { return x * 7; }            // kernel -> middle -> deep
int middle(int x) { return deep(x) + 1; }
int by_lambda(int x) { return x - 2; }       // called in a lambda inside a kernel
int host_leaf(int x) { return x + 100; }     // host_only -> host_leaf
int host_only(int x) { std::map<int, int> m{{x, x}}; return host_leaf(m[x]); }
int by_inline(int x) { return x + 3; }       // an inline function refers to it: kept
inline int wrapper(int x) { return by_inline(x); }
struct Range { int n; };
struct It {
  int i;
  int operator*() const { return i; }
  It& operator++() { ++i; return *this; }
  bool operator!=(const It& o) const { return i != o.i; }
};
It begin(const Range&) { return It{0}; }      // a range-for's implicit calls
It end(const Range& r) { return It{r.n}; }
__global__ void k(int* out) {
  int s = 0;
  for (int v : Range{4}) s += v;
  auto f = [](int v) { return by_lambda(v); };
  out[threadIdx.x] = middle(s) + f(s);
}
int main() { printf("%d %d\n", host_only(1), wrapper(2)); }
SRC

out=$(cu -v -sm_75 -sm_80 -gpu -S roots.cu -o roots.ptx 2>&1); rc=$?
expect_eq "$rc" 0 "a program with host-only functions"
expect_contains "$out" "(device passes) host code left out: host_leaf, host_only, main" "what no kernel reaches is left out"
expect_not_contains "$out" "generated again" "the analysis saw every reference the kernel makes"
expect_contains "$(cat roots.sm_75.ptx)" ".entry _Z1kPi" "the kernel is there"
cu -sm_75 roots.cu -o roots; rc=$?
expect_eq "$rc" 0 "the executable builds"

# Definitions nothing refers to are not handed to CodeGen at all (codegen/
# unreferenced_functions.h); implicit calls still count: a rewritten comparison's
# operator<=>, a structured binding's get(), a default argument, a range-for.
cat > implicit.cu <<'SRC'
#include <compare>
#include <cstdio>
#include <tuple>
struct V { int x; };
inline std::strong_ordering operator<=>(const V& a, const V& b) { return a.x <=> b.x; }
inline bool operator==(const V& a, const V& b) { return a.x == b.x; }
struct P { int a, b; };
template <std::size_t I> inline int get(const P& p) { return I == 0 ? p.a : p.b; }
template <> struct std::tuple_size<P> : std::integral_constant<std::size_t, 2> {};
template <std::size_t I> struct std::tuple_element<I, P> { using type = int; };
inline int defaulted() { return 40; }
inline int with_default(int v = defaulted()) { return v; }
__global__ void k(int* out) {
  V a{int(threadIdx.x)}, b{3};
  auto [p, q] = P{1, 2};
  out[threadIdx.x] = (a < b) + p + q + with_default();
}
int main() {
  int* out;
  cudaMallocManaged(&out, 4 * sizeof(int));
  k<<<1, 4>>>(out);
  cudaDeviceSynchronize();
  printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
}
SRC
out=$(cu -v -std=c++20 -sm_75 -gpu -S -emit-llvm implicit.cu -o implicit.ll 2>&1); rc=$?
expect_eq "$rc" 0 "implicit calls in a kernel"
expect_not_contains "$out" "generated again" "the readings see operator<=>, get() and the default argument"
out=$(cu -v -std=c++20 -sm_75 implicit.cu -o implicit 2>&1); rc=$?
expect_eq "$rc" 0 "the executable builds"

# An explicit instantiation definition's members are emitted whether or not this
# unit uses them (another object may link against them).
cat > explicit.cu <<'SRC'
template <class T> struct Box { T get() const { return T(7); } };
template struct Box<int>;
SRC
cu -sm_75 -c explicit.cu -o explicit.o; rc=$?
expect_eq "$rc" 0 "explicit instantiation"
expect_contains "$(nm -C explicit.o)" "Box<int>::get() const" "the instantiated member is in the object"

# The tape does not show a cleanup attribute's function: the module names it, and the
# pass generates again with all host code; the next sm does not try again.
cat > cleanup.cu <<'SRC'
#include <cstdio>
void release(int* p) { *p = 0; }
int host_only() { return 5; }
__global__ void k(int* out) {
  int held __attribute__((cleanup(release))) = threadIdx.x;
  out[threadIdx.x] = held;
}
int main() { printf("%d\n", host_only()); }
SRC
out=$(cu -v -sm_75 -sm_80 -gpu -S cleanup.cu -o cleanup.ptx 2>&1); rc=$?
expect_eq "$rc" 0 "a kernel whose cleanup function was left out"
expect_contains "$out" "(device pass) sm_75: its module names 'release', which was left out: generated again" "the first sm generates again"
expect_not_contains "$out" "sm_80: its module names" "the second sm keeps everything from the start"
expect_file cleanup.sm_80.ptx "sm_80's PTX"

# With -rdc another object's kernel may call any of this one's functions.
out=$(cu -v -rdc=true -sm_75 -c roots.cu -o roots.o 2>&1); rc=$?
expect_eq "$rc" 0 "-rdc compile"
expect_not_contains "$out" "host code left out" "-rdc leaves nothing out"

finish
