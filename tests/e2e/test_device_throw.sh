# throw in device code compiles: in untagged, __device__ and __global__ functions (the
# last two respelled, dialect/device_throw.h); the device's code calls the runtime's
# __cxa_throw (libdevice-c/runtime/exceptions.cpp), which prints and traps (the GPU
# suite's device_throw_expressions runs it). Host code keeps C++'s exceptions.
source "$(dirname "$0")/lib.sh"

src="$CIRCLE_ROOT/tests/gpu/cases/device_throw_expressions.cxx"
out=$(cu -sm_75 -sm_90 "$src" -o dte 2>&1)
expect_eq "$?" 0 "throws in untagged, __device__ and __global__ code compile ($out)"
cu -sm_90 -S -gpu "$src" -o dte > /dev/null 2>&1
expect_file dte.sm_90.ptx "PTX written"
expect_contains "$(grep -o '__cxa_throw' dte.sm_90.ptx | head -1)" "__cxa_throw" "the kernel calls __cxa_throw"
expect_contains "$(grep -o '_ZNSt12out_of_rangeC1EPKc\|_ZNSt12out_of_rangeC2EPKc' dte.sm_90.ptx | head -1)" "out_of_range" "std::out_of_range's constructor comes from the device runtime"

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

# try/catch in device-only code is still Clang's error, at the user's line.
printf '__global__ void k() { try { } catch (...) { } }\nint main() {}\n' > try.cxx
out=$(cu -sm_90 try.cxx -o try 2>&1)
expect_contains "$out" "try.cxx:1:23: error: cannot use 'try' in __global__ function" "try in a kernel"
# An untagged function's try compiles for the GPU without its handlers (Clang's CUDA
# code generation gives device code no landing pads): a warning at the try, once per
# function, naming a kernel that reaches it; the host's try in main is not one.
cat > reach.cxx <<'SRC'
#include <cstdio>
#include <vector>
int at(const std::vector<int>& v, int i) {
  try { return v.at(i); } catch (...) { return -1; }
}
__global__ void k1(int i) { std::vector<int> v(3); printf("%d\n", at(v, i)); }
__global__ void k2(int i) { std::vector<int> v(3); printf("%d\n", at(v, i)); }
int main() { try { k1<<<1, 1>>>(1); } catch (...) { } }
SRC
out=$(cu -sm_75 -sm_90 reach.cxx -o reach 2>&1)
expect_eq "$?" 0 "compiles ($out)"
expect_contains "$out" "reach.cxx:4:3: warning: kernel 'k1(int)' reaches this try, whose handlers the GPU cannot run yet" "warned at the try"
expect_eq "$(grep -c 'warning:' <<< "$out")" 1 "once, for one function on two sms"
out=$(cu -sm_90 host.cxx -o host 2>&1)
expect_not_contains "$out" "warning" "a host-only try is not warned about"
finish
