# Reproducers of CUDA code that nvcc compiles and circle did not (issue "Existing CUDA
# code compiles and runs as it does with nvcc"); the GPU runs of the same patterns are
# tests/gpu/nvcc/{host_min_max,device_runtime_api,hd_math}.cu.
source "$(dirname "$0")/lib.sh"

# Unqualified min and max in host code and in untagged helpers.
cat > minmax.cxx <<'SRC'
#include <cstdio>
void get(int n, int& b) { b = min(n, 64); }
int main() {
  int b;
  get(100, b);
  printf("%f %d %d %u %g\n", max(0.5f, 1.0f), min(7, 3), b, max(-1, 2u), min(2.5, 1.5f));
}
SRC
out=$(cu -sm_90 minmax.cxx -o minmax 2>&1)
expect_eq "$?" 0 "host min/max compile ($out)"
expect_eq "$(./minmax)" "1.000000 3 64 4294967295 1.5" "host min/max compute as nvcc's overloads do"
# Kernels keep the device's overloads (min.s32 in the PTX).
printf '__global__ void k(int* p) { p[0] = min(p[1], p[2]); p[3] = max(p[4], 5); }\nint main() {}\n' > minmax_kernel.cxx
cu -sm_90 -S -gpu minmax_kernel.cxx -o mk > /dev/null 2>&1
expect_contains "$(cat mk.sm_90.ptx)" "min.s32" "a kernel's min is the device's"

# -rdc defines __CUDACC_RDC__: a kernel's cudaMalloc is the device runtime's, not a
# stub that returns error 999.
printf '__global__ void k(int** o, cudaError_t* e) { int* p = nullptr; *e = cudaMalloc((void**)&p, 256); *o = p; }\nint main() {}\n' > rdc_malloc.cxx
cu -sm_90 -rdc -S -gpu rdc_malloc.cxx -o rm > /dev/null 2>&1
expect_contains "$(cat rm.sm_90.ptx)" "call.uni (retval0), __cudaCDP2Malloc" "device cudaMalloc calls the device runtime"
expect_not_contains "$(cat rm.sm_90.ptx)" "999" "no stub error code"
printf '#if defined(__CUDACC_RDC__)\n#error "rdc"\n#endif\nint main() {}\n' > rdc_macro.cxx
expect_contains "$(cu -sm_90 -rdc -c rdc_macro.cxx -o x.o 2>&1)" "error: \"rdc\"" "__CUDACC_RDC__ with -rdc"
cu -sm_90 -c rdc_macro.cxx -o x.o; expect_eq "$?" 0 "no __CUDACC_RDC__ without -rdc"
cu -sm_90 -rdc "$CIRCLE_ROOT/tests/gpu/nvcc/device_runtime_api.cu" -o device_runtime_api
expect_eq "$?" 0 "the device runtime API program links (nvlink with libcudadevrt)"

# The C library's math in __host__ __device__ and untagged functions a kernel reaches.
cat > hd_math.cxx <<'SRC'
#include <cmath>
__host__ __device__ float angle(float a, float b) { return atanf(a / b); }
float untagged(float x) { return expf(x) + logf(x) + tanf(x) + sinf(x) + powf(x, 1.5f) + log10f(x); }
double untagged_double(double x) { return exp(x) + log(x) + tan(x) + atan2(x, 2.0) + cbrt(x); }
__global__ void k(float* o, double* d) { o[0] = angle(o[1], o[2]) + untagged(o[3]); d[0] = untagged_double(d[1]); }
int main() { return angle(1, 1) > 0.7f && untagged(1) > 0 ? 0 : 1; }
SRC
out=$(cu -sm_75 -sm_90 hd_math.cxx -o hd_math 2>&1)
expect_eq "$?" 0 "libm in host-device code a kernel reaches ($out)"
expect_not_contains "$out" "no libcall" "no backend failure"
check; ./hd_math || fail "the host side computes"
cu -sm_90 -S -gpu -OG0 hd_math.cxx -o hdm > /dev/null 2>&1
expect_not_contains "$(cat hdm.sm_90.ptx)" "atanf" "atanf became libdevice's code"
# A PTX special register with one '%' in extended asm, as nvcc accepts it.
printf '__global__ void k(unsigned long long* o) { unsigned long long t; asm volatile("mov.u64 %%0, %%globaltimer;" : "=l"(t)); *o = t; }\nint main() {}\n' > timer.cxx
cu -sm_90 -S -gpu timer.cxx -o timer > /dev/null 2>&1
expect_eq "$?" 0 "one-% special register compiles"
expect_contains "$(cat timer.sm_90.ptx)" "mov.u64 %rd1, %globaltimer;" "the register reaches the PTX"
cu -sm_90 timer.cxx -o timer; expect_eq "$?" 0 "and ptxas accepts it"
# A lambda capturing host locals by reference, passed to a kernel: refused, at the capture.
cat > byref.cxx <<'SRC'
template <class F> __global__ void run(F f) { f(); }
int main() {
  int x = 0, y = 1;
  run<<<1, 1>>>([&] { x += y; });
  run<<<1, 1>>>([=] { (void)(x + y); });
}
SRC
out=$(cu -sm_90 byref.cxx -o byref 2>&1)
expect_eq "$?" 1 "a by-reference capture into a kernel fails"
expect_contains "$out" "byref.cxx:4:23: error: the lambda passed to a kernel captures 'x' by reference, which the GPU would read from the host's stack" "at the capture"
expect_eq "$(grep -c 'error: the lambda' <<< "$out")" 2 "each captured variable, the by-value lambda not"
expect_no_file byref "no executable"

# nvcc reads asm operands without commas between them (cuda-samples' multi-device CG):
# the same PTX as with the commas; a missing comma before anything else stays an error.
cat > asmcomma.cu <<'SRC'
__global__ void k(unsigned char* p, int v, int* q) {
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(v) "l"(p) : "memory");
  int r;
  asm("add.s32 %0, %1, %2;" : "=r"(r) : [a] "r"(v) [b] "r"(v + 1));
  *q = r;
}
SRC
sed -e 's/"r"(v) "l"(p)/"r"(v), "l"(p)/' -e 's/"r"(v) \[b\]/"r"(v), [b]/' asmcomma.cu > asmcomma_commas.cu
cu -sm_90 --cuda-device-only -S asmcomma.cu -o asmcomma.ptx > build.log 2>&1
expect_eq "$?" 0 "operands without commas compile ($(cat build.log))"
cu -sm_90 --cuda-device-only -S asmcomma_commas.cu -o asmcomma_commas.ptx > /dev/null 2>&1
expect_eq "$(grep -v '^//' asmcomma.ptx)" "$(grep -v '^//' asmcomma_commas.ptx)" "the PTX of the commas' spelling"
expect_contains "$(cat asmcomma.ptx)" "st.release.sys.global.u8" "the asm reaches the PTX"
printf '__global__ void k(int v) { asm volatile("" :: "r"(v) v); }\n' > asmbad.cu
out=$(cu -sm_90 -c asmbad.cu -o asmbad.o 2>&1)
expect_eq "$?" 1 "a missing comma before an expression is an error"
expect_contains "$out" "asmbad.cu:1:54: error: expected ')'" "Clang's error, at the token"

# What nvcc's cuda_runtime.h brings into every CUDA source, used by host code without an
# include of its own (llm.c's dev/cuda kernels): <math.h>'s ::isfinite in an untagged
# template, <time.h>'s clock and time, <string.h>, <stdlib.h>; the device keeps its own.
cat > nvcc_includes.cu <<'SRC'
template <class T> int classify(T x) { return isfinite(x) + 2 * isnan(x) + 4 * isinf(x) + 8 * signbit(x); }
__global__ void k(const float* p, int* o) { o[0] = classify(p[0]) + isfinite(p[1]); }
int main() {
  clock_t c = clock(); time_t t = time(nullptr);
  char buf[8]; memcpy(buf, "abcd", 5);
  void* m = malloc(4); free(m);
  printf("%d %d %d %zu %d\n", classify(1.0f), classify(-1.0 / 0.0), classify(0.0f / 0.0f), strlen(buf),
         (int)(c >= 0 && t > 0));
}
SRC
cu -sm_90 nvcc_includes.cu -o nvcc_includes > build.log 2>&1
expect_eq "$?" 0 "host code uses what cuda_runtime.h includes ($(cat build.log))"
expect_eq "$(./nvcc_includes)" "1 12 2 4 1" "the host's functions"

# Issue reproducers that nvcc builds: a tile shuffle in a kernel launched by an untagged
# host function; thrust::find_if with a __host__ __device__ functor (Thrust's sequential
# branch is device-only); cudaGraphSetConditional without -rdc (libcudadevrt, by nvlink);
# __shared__ cuda::barrier. Each runs on the GPU in tests/gpu/nvcc/.
for f in tile_shuffle_launcher thrust_find_if graph_conditional barrier_pipeline; do
  out=$(cu -sm_90 "$CIRCLE_ROOT/tests/gpu/nvcc/$f.cu" -o "$f" 2>&1)
  expect_eq "$?" 0 "$f compiles: $out"
  expect_file "$f" "$f: an executable"
done
expect_eq "$("$CIRCLE" --list-fatbin=graph_conditional | grep -c 'PTX file')" 0 "linked with libcudadevrt: no PTX to JIT"
# __NVCC__ as nvcc defines it, in the program's own files (CMake identifies nvcc by it);
# system headers (-isystem, the toolkit's: nv/target) see Clang's CUDA compiler, whose
# paths work in one pass. nvcc's pragmas are accepted without a word, -Werror or not.
mkdir -p nvsys nvuser
for d in nvsys nvuser; do
  printf '#ifdef __NVCC__\nconstexpr bool %s_nvcc = true;\n#else\nconstexpr bool %s_nvcc = false;\n#endif\n' $d $d > $d/$d.h
done
cat > nvcc_macro.cu <<'SRC'
#include <nvsys.h>
#include "nvuser.h"
#include <nv/target>
#if !defined(__NVCC__) || __NVCC__ != 1 || !defined(__NVCC_DIAG_PRAGMA_SUPPORT__)
#error "__NVCC__ undefined in the source after system headers"
#endif
#ifdef _NV_COMPILER_NVCC
#error "nv/target took nvcc's two-pass path"
#endif
#pragma nv_diag_suppress 177
#pragma nv_diagnostic push
#pragma nv_diag_warning 550
#pragma nv_diagnostic pop
#pragma diag_suppress 177
#pragma nv_exec_check_disable
#pragma hd_warning_disable
template <class F> __host__ __device__ void call(F f) { f(); }
static_assert(!nvsys_nvcc && nvuser_nvcc, "__NVCC__ in the user's header only");
__global__ void k(int* p) { NV_IF_TARGET(NV_IS_DEVICE, (*p = 1;), (*p = 2;)) }
int main() { call([] {}); }
SRC
out=$(cu -sm_90 -Wall -Wextra -Werror -isystem nvsys -Invuser nvcc_macro.cu -o nvcc_macro 2>&1)
expect_eq "$?" 0 "__NVCC__ in the program's files, not in system headers; nvcc's pragmas: $out"
cu -sm_90 -S -gpu -isystem nvsys -Invuser nvcc_macro.cu -o nm > /dev/null 2>&1
expect_contains "$(cat nm.sm_90.ptx)" "st.global.b32" "NV_IF_TARGET's device branch in the kernel"
expect_contains "$(cu -sm_90 -E -isystem nvsys -Invuser nvcc_macro.cu 2>&1)" "constexpr bool nvuser_nvcc = true;" "-E: the same view"
# The command line and the code decide for every file when they name it.
printf '#include <nvsys.h>\nstatic_assert(nvsys_nvcc, "");\nint main() {}\n' > nvcc_d.cu
cu -sm_90 -D__NVCC__ -isystem nvsys -c nvcc_d.cu -o x.o; expect_eq "$?" 0 "-D__NVCC__: defined in system headers too"
printf '#include "nvuser.h"\nstatic_assert(!nvuser_nvcc, "");\nint main() {}\n' > nvcc_u.cu
cu -sm_90 -U__NVCC__ -Invuser -c nvcc_u.cu -o x.o; expect_eq "$?" 0 "-U__NVCC__: undefined in the user's files"
printf '#undef __NVCC__\n#include <cstdio>\n#include "nvuser.h"\nstatic_assert(!nvuser_nvcc, "");\nint main() {}\n' > nvcc_undef.cu
cu -sm_90 -Invuser -c nvcc_undef.cu -o x.o; expect_eq "$?" 0 "#undef __NVCC__ stands past later headers"
finish
