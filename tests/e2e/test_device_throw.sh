# throw and try/catch in device code. A throw compiles in untagged, __device__ and
# __global__ functions (a kernel's respelled, dialect/device_throw.h); with no handler
# to reach, the device's code calls the runtime's __cxa_throw
# (libdevice-c/runtime/exceptions.cpp), which prints and traps (the GPU suite's
# device_throw_expressions runs it). Host code keeps C++'s exceptions.
source "$(dirname "$0")/lib.sh"

src="$CIRCLE_ROOT/tests/gpu/cases/device_throw_expressions.cxx"
out=$(cu -sm_75 -sm_90 "$src" -o dte 2>&1)
expect_eq "$?" 0 "throws in untagged, __device__ and __global__ code compile ($out)"
cu -sm_90 -S -gpu "$src" -o dte > /dev/null 2>&1
expect_file dte.sm_90.ptx "PTX written"
expect_contains "$(grep -o '__cxa_throw' dte.sm_90.ptx | head -1)" "__cxa_throw" "the kernel calls __cxa_throw"
expect_contains "$(grep -o '_ZNSt12out_of_rangeC1EPKc\|_ZNSt12out_of_rangeC2EPKc' dte.sm_90.ptx | head -1)" "out_of_range" "std::out_of_range's constructor comes from the device runtime"

# A thrown int in a module that also names typeid(int) (std::any): typeid declared
# the type_info as a device variable first; the throw takes it in its own address
# space (the module once failed to reread: "circle could not reread the module").
cat > anyint.cxx <<'SRC'
#include <any>
#include <cstdio>
int f(int w) { if (w == 2) throw 42; return w; }
__global__ void k(int w) { std::any a = 5; printf("%f %d\n", std::any_cast<double>(a), f(w)); }
int main() {}
SRC
out=$(cu -sm_75 -sm_90 anyint.cxx -o anyint 2>&1)
expect_eq "$?" 0 "throw 42 beside typeid(int) ($out)"

# __host__ __device__ and host code keep real exceptions: the host catches.
cat > host.cxx <<'SRC'
#include <cstdio>
#include <stdexcept>
__host__ __device__ int f(int i) { if (i < 0) throw std::out_of_range("negative"); return i; }
int g(int i) { return i > 2 ? throw std::runtime_error("big") : i; }
__global__ void k(int i) { printf("%d\n", f(i) + g(i)); }
int main() {
  try { f(-1); } catch (const std::exception& e) { std::printf("caught %s\n", e.what()); }
  try { g(5); } catch (const std::exception& e) { std::printf("caught %s\n", e.what()); }
}
SRC
cu -sm_90 host.cxx -o host > build.log 2>&1
expect_eq "$?" 0 "compiles ($(cat build.log))"
expect_eq "$(./host)" "$(printf 'caught negative\ncaught big')" "host code catches its own throws"

# try/catch on the device (codegen/exception_islands.h, targets/nvptx/device_exceptions.h;
# the GPU suite's device_try_catch runs it): its host half prints here; the device
# half must print the same lines.
tc="$CIRCLE_ROOT/tests/gpu/cases/device_try_catch.cxx"
out=$(cu -sm_75 -sm_90 "$tc" -o tc 2>&1)
expect_eq "$?" 0 "try/catch in untagged, __device__ and __global__ code compiles ($out)"
expect_eq "$(./tc 2> /dev/null | sed '/^kernel:/,$d')" "$(sed '/^device:/,$d' "$CIRCLE_ROOT/tests/gpu/expected/device_try_catch.out")" "its host half"
cu -sm_90 -S -gpu "$tc" -o tc > /dev/null 2>&1
expect_contains "$(grep -o '__circle_eh_catches\|_ZN12_GLOBAL__N_111pendingBitsE' tc.sm_90.ptx | sort -u | tr '\n' ' ')" "_ZN12_GLOBAL__N_111pendingBitsE" "the handlers test the thread's pending bit"
expect_eq "$(grep -c '__clang_call_terminate\|__gxx_personality' tc.sm_90.ptx)" 0 "no unwinding machinery is left"
# A module no handler is reached from pays nothing: no pending bit, no tests.
cu -sm_90 -S -gpu "$src" -o dte > /dev/null 2>&1
expect_eq "$(grep -c 'pendingBits' dte.sm_90.ptx)" 0 "throws without handlers add no tests"

# A kernel's try is a lambda called at once (dialect/device_try.h); one that returns
# out of it stays Clang's error, at the user's line.
printf '__global__ void k(int* p) { try { if (!p) return; } catch (...) { } }\nint main() {}\n' > try.cxx
out=$(cu -sm_90 try.cxx -o try 2>&1)
expect_contains "$out" "try.cxx:1:29: error: cannot use 'try' in __global__ function" "a kernel's try that returns"
# A function CUDA mode must generate (a __shared__ variable) keeps the device pass's
# code: its try runs without handlers, and says so once.
cat > sh.cxx <<'SRC'
#include <cstdio>
#include <vector>
__device__ int staged(const std::vector<int>& v, int i) {
  __shared__ int scratch[32];
  try { scratch[0] = v.at(i); } catch (...) { scratch[0] = -1; }
  return scratch[0];
}
__global__ void k(int i) { std::vector<int> v(3); printf("%d\n", staged(v, i)); }
int main() {}
SRC
out=$(cu -sm_75 -sm_90 sh.cxx -o sh 2>&1)
expect_eq "$?" 0 "compiles ($out)"
expect_contains "$out" "sh.cxx:5:3: warning: kernel 'k(int)' reaches this try, whose handlers the GPU cannot run" "warned at the try"
expect_eq "$(grep -c 'warning:' <<< "$out")" 1 "once, for one function on two sms"
# A constructor's try gets its handlers too (both of its symbols), without a warning.
cat > ctor.cxx <<'SRC'
#include <cstdio>
#include <vector>
struct Holder {
  int value;
  Holder(const std::vector<int>& v, int i) {
    try { value = v.at(i); } catch (...) { value = -1; }
  }
};
__global__ void k(int i) { std::vector<int> v(3); Holder h(v, i); printf("%d\n", h.value); }
int main() {}
SRC
out=$(cu -sm_90 -S -gpu ctor.cxx -o ctor 2>&1)
expect_not_contains "$out" "warning" "a constructor's try"
expect_contains "$(grep -o 'pendingBits' ctor.sm_90.ptx | head -1)" "pendingBits" "is lowered with handlers"
out=$(cu -sm_90 host.cxx -o host 2>&1)
expect_not_contains "$out" "warning" "a host-only try is not warned about"

# A handler calling instantiations nothing else in device code calls: the island
# generates them (the GPU case runs it).
out=$(cu -sm_90 -S -gpu "$CIRCLE_ROOT/tests/gpu/cases/handler_instantiations.cxx" -o handler 2>&1)
expect_eq "$?" 0 "a handler's own instantiations are generated ($out)"
expect_not_contains "$out" "which has no device definition" "nothing left undefined"
expect_file handler.sm_90.ptx "its PTX"

finish
