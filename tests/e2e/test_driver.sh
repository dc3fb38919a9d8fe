# The command line as nvcc's and clang's users write it: their spellings of GPU
# targets and tool options, Clang's own options passed to the parse and the link,
# -E/-M and depfiles, stdin, C sources, response files, shared libraries.
source "$(dirname "$0")/lib.sh"

mkdir -p inc
echo '#define VALUE 40' > inc/value.h
cat > k.cu <<'EOF'
#include <cstdio>
#include "value.h"
__global__ void k(int* p) { p[threadIdx.x] = VALUE + threadIdx.x; }
int main() {
  int* d = nullptr;
  if (cudaMalloc(&d, 4 * sizeof(int)) != cudaSuccess) { puts("no GPU"); return 0; }
  k<<<1, 4>>>(d);
  int h[4];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("%d %d\n", h[0], h[3]);
}
EOF
sms() { "$CIRCLE" --list-fatbin="$1" | sed -n 's/^ELF file.*\.\(sm_[0-9]*\)\.cubin$/\1/p' | tr '\n' ' '; }

# ---- GPU targets, as nvcc and clang spell them ----
"$CIRCLE" -Iinc -arch=sm_90 k.cu -o a1 2> err; expect_eq "$?" 0 "-arch=sm_90 without --cuda-path: $(cat err)"
expect_eq "$(sms a1)" "sm_90 " "-arch=sm_90"
"$CIRCLE" -Iinc -gencode arch=compute_75,code=[sm_75,compute_75] -gencode=arch=compute_90,code=sm_90 -c k.cu -o g.o
expect_eq "$(sms g.o)" "sm_75 sm_90 " "two -gencode"
"$CIRCLE" -Iinc -arch=compute_75 -code=sm_80,sm_90 -c k.cu -o c.o
expect_eq "$(sms c.o)" "sm_80 sm_90 " "-arch with -code"
"$CIRCLE" -Iinc --cuda-gpu-arch=sm_75 --offload-arch=sm_90 -c k.cu -o o.o
expect_eq "$(sms o.o)" "sm_75 sm_90 " "clang's --cuda-gpu-arch and --offload-arch"
"$CIRCLE" -Iinc -c k.cu -o d.o
expect_eq "$(sms d.o)" "sm_75 " ".cu with no architecture: sm_75, as nvcc"
"$CIRCLE" -Iinc -arch=all-major -c k.cu -o all.o
expect_contains "$(sms all.o)" "sm_75 sm_80 sm_90 " "-arch=all-major: the first sm of each major"
out=$("$CIRCLE" -v -Iinc -sm_90 -c k.cu -o v.o 2>&1)
expect_contains "$out" "Found CUDA installation: $CUDA_PATH, version" "-v names the toolkit (clang's words)"
expect_contains "$out" "-target-cpu sm_90" "-v shows each device pass"
out=$(CUDA_PATH= CUDA_HOME= "$CIRCLE" -v -Iinc -sm_90 -c k.cu -o v.o 2>&1)
expect_contains "$out" "(the default location)" "without CUDA_PATH: /usr/local/cuda"
out=$(CUDA_HOME="$CUDA_PATH" CUDA_PATH= "$CIRCLE" -v -Iinc -sm_90 -c k.cu -o v.o 2>&1)
expect_contains "$out" "(\$CUDA_HOME)" "CUDA_HOME"
out=$("$CIRCLE" -v 2>&1); expect_contains "$out" "clang version" "circle -v alone: the version"
expect_contains "$("$CIRCLE" --version)" "based on clang version" "--version: the host compiler, in Clang's words"
expect_contains "$("$CIRCLE" --version)" "nvcc: NVIDIA (R) Cuda compiler driver" "--version: nvcc's banner (CMake's test for NVIDIA)"
# nvcc's -v lines, which CMake reads: first, whatever follows (CMake asks with a
# non-existent input), the toolkit, and the link line naming its library directory as
# LIBRARIES= does; the default architecture as nvcc's cicc line says it.
out=$("$CIRCLE" -v __cmake_determine_cuda 2>&1)
expect_eq "$(head -1 <<< "$out")" "#\$ TOP=$CUDA_PATH" "-v: nvcc's TOP= line first"
expect_contains "$out" "#\$ NVVMIR_LIBRARY_DIR=$CUDA_PATH/nvvm/libdevice" "-v: libdevice as nvcc names it"
expect_contains "$out" "no such file" "and then the error"
out=$("$CIRCLE" -v k.cu -Iinc -o v.out 2>&1)
libs=$(sed -n 's/^#\$ LIBRARIES= *//p' <<< "$out")
expect_eq "$libs" "\"-L$CUDA_PATH/lib64\"" "-v: LIBRARIES="
expect_contains "$(grep -F -- "$libs" <<< "$out" | grep -v '^#')" "-lcudart_static" "-v: the link line holds LIBRARIES"
expect_contains "$out" "-arch compute_75" "-v: the default architecture in nvcc's words"
# CIRCLE_DISTCC naming no program: an error that says so, and no object.
out=$(CIRCLE_DISTCC=no-such-distcc "$CIRCLE" -Iinc -sm_90 -c k.cu -o nd.o 2>&1); rc=$?
expect_eq "$rc" 1 "CIRCLE_DISTCC without its client: exit status"
expect_contains "$out" "error: CIRCLE_DISTCC names 'no-such-distcc', which cannot be run" "CIRCLE_DISTCC without its client: said"
check; [ ! -e nd.o ] || fail "CIRCLE_DISTCC without its client: no object"
expect_contains "$("$CIRCLE" --cuda-path="$CUDA_PATH" --version | tail -1)" "Cuda compilation tools, release" "--version: the toolkit in nvcc's words, last (Meson reads it)"

# ---- options circle does not own go to Clang and the link ----
printf 'int main() { int unused = 1; return 0; }\n' > warn.cxx
"$CIRCLE" -Wall -c warn.cxx -o w.o 2> err; expect_eq "$?" 0 "-Wall alone"
expect_contains "$(cat err)" "unused variable 'unused'" "-Wall reaches the parse"
"$CIRCLE" -Wall -Werror -c warn.cxx -o w2.o 2> err; expect_eq "$?" 1 "-Werror"
expect_no_file w2.o "-Werror: no object"
"$CIRCLE" -Xcompiler -Wall,-Werror -c warn.cxx -o w3.o 2> /dev/null; expect_eq "$?" 1 "-Xcompiler a,b is read as two options"
"$CIRCLE" -Wall -Wno-unused-variable -Werror -c warn.cxx -o w4.o; expect_eq "$?" 0 "-Wno-*"
printf '#include <cstdio>\nint main() { printf("%%s %%d\\n", MSG, N); }\n' > macros.cxx
printf -- '-DMSG="\\"from a response file\\"" -DN=7\n' > opts.rsp
"$CIRCLE" @opts.rsp macros.cxx -o m && expect_eq "$(./m)" "from a response file 7" "@file"
printf '#define N 9\n' > pre.h
"$CIRCLE" -include pre.h -DMSG='"include"' macros.cxx -o m2 && expect_eq "$(./m2)" "include 9" "-include"
printf '#include <thread>\n#include <cstdio>\nint main() { std::thread t([] { puts("thread"); }); t.join(); }\n' > t.cxx
"$CIRCLE" -O2 -pthread t.cxx -o t && expect_eq "$(./t)" "thread" "-pthread -O2"
# Host instrumentation: Clang's runtimes, linked by Clang's driver; kernels stay uninstrumented.
cat > asan.cu <<'EOF'
#include <cstdio>
#include <cstdlib>
__global__ void k(int* p) { p[threadIdx.x] = int(threadIdx.x); }
int main(int argc, char**) {
  int* a = (int*)malloc(4 * sizeof(int));
  a[argc + 3] = 1;
  printf("%d\n", a[0]);
  free(a);
}
EOF
"$CIRCLE" -sm_90 -g -fsanitize=address asan.cu -o asan_prog; expect_eq "$?" 0 "-fsanitize=address with kernels"
out=$(./asan_prog 2>&1); expect_contains "$out" "heap-buffer-overflow" "ASan finds the host overflow"
expect_contains "$out" "asan.cu:6" "at its line"
"$CIRCLE" -sm_90 -fsanitize=undefined -c asan.cu -o ub.o; expect_eq "$?" 0 "-fsanitize=undefined: device code without UBSan's host handlers"
cat > omp.cu <<'EOF'
#include <cstdio>
#include <omp.h>
__global__ void k() {}
int main() {
  int s = 0;
#pragma omp parallel for reduction(+ : s) num_threads(4)
  for (int i = 1; i <= 100; ++i) s += i;
  printf("%d\n", s);
}
EOF
"$CIRCLE" -sm_90 -fopenmp omp.cu -o omp_prog && expect_eq "$(./omp_prog)" "5050" "-fopenmp (host code, Clang's libomp)"
# nvcc's OpenMP spelling: -Xcompiler -fopenmp with GCC's runtime named by hand. One
# runtime serves the program (omp_get_thread_num() counts every thread), and a kernel
# with a local array whose address escapes compiles (no OpenMP runtime in device code).
cat > omp2.cu <<'EOF'
#include <cstdio>
#include <omp.h>
__device__ void fill(float* a, float v) { for (int i = 0; i < 8; ++i) a[i] = v * i; }
__global__ void k(float* p) { float a[8]; fill(a, p[0]); p[threadIdx.x] = a[threadIdx.x % 8]; }
int main() {
  int seen[4] = {0, 0, 0, 0};
#pragma omp parallel num_threads(4)
  seen[omp_get_thread_num() % 4] = 1;
  printf("%d threads\n", seen[0] + seen[1] + seen[2] + seen[3]);
}
EOF
"$CIRCLE" -sm_90 -Xcompiler -fopenmp omp2.cu -o omp2_prog -lgomp > omp2.log 2>&1
expect_eq "$?" 0 "-Xcompiler -fopenmp -lgomp with a kernel's local array ($(cat omp2.log))"
expect_eq "$(./omp2_prog)" "4 threads" "one OpenMP runtime"
expect_eq "$(ldd omp2_prog | grep -c libgomp)" 0 "libomp alone (it has libgomp's entry points)"

out=$("$CIRCLE" -frobnicate k.cu 2>&1); expect_contains "$out" "unknown option '-frobnicate'" "unknown option"
out=$("$CIRCLE" --cuda-pth="$CUDA_PATH" k.cu 2>&1); expect_contains "$out" "did you mean '--cuda-path=" "did you mean"
out=$("$CIRCLE" --cuda-host-only k.cu 2>&1); expect_contains "$out" "one parse serves the host and every GPU" "refused, with why"
out=$("$CIRCLE" -ccbin /usr/bin/g++ -Iinc --expt-relaxed-constexpr --expt-extended-lambda -c k.cu -o x.o 2>&1)
expect_eq "$?" 0 "nvcc's no-op spellings"
expect_contains "$out" "note: '-ccbin /usr/bin/g++' ignored" "-ccbin: a note"

# Colours: on a terminal by default (as clang), never into a pipe unless asked.
printf 'int main() { return undeclared; }\n' > bad.cxx
esc=$'\e['
expect_contains "$(script -qc "$CIRCLE -c bad.cxx -o bad.o" /dev/null)" "$esc" "colours on a terminal"
expect_not_contains "$(script -qc "$CIRCLE -fno-color-diagnostics -c bad.cxx -o bad.o" /dev/null)" "$esc" "-fno-color-diagnostics"
expect_not_contains "$("$CIRCLE" -c bad.cxx -o bad.o 2>&1)" "$esc" "no colours into a pipe"
expect_contains "$("$CIRCLE" -fcolor-diagnostics -c bad.cxx -o bad.o 2>&1)" "$esc" "-fcolor-diagnostics into a pipe"
expect_contains "$("$CIRCLE" -ferror-limit=1 -c bad.cxx -o bad.o 2>&1)" "undeclared identifier" "-ferror-limit= reaches the parse"

# ---- C, stdin, preprocessed input ----
printf '#include <stdio.h>\nint main(void) { int new = 3, class = 4; printf("C %%d\\n", new + class); return 0; }\n' > prog.c
"$CIRCLE" prog.c -o cprog && expect_eq "$(./cprog)" "C 7" ".c compiles as C"
printf '#include <cstdio>\nint main() { puts("from stdin"); }\n' | "$CIRCLE" -x c++ - -o sprog
expect_eq "$(./sprog)" "from stdin" "- with -x reads standard input"
out=$(echo 'int main(){}' | "$CIRCLE" - 2>&1); expect_contains "$out" "-x is needed" "- without -x"
"$CIRCLE" -Iinc -sm_90 -E k.cu -o k.cui; expect_eq "$?" 0 "-E"
expect_contains "$(cat k.cui)" "p[threadIdx.x] = 40 + threadIdx.x" "-E output is the translation unit, macros expanded"
expect_contains "$(cat k.cui)" "__circle_if_target" "-E output holds circle's prelude"
"$CIRCLE" -sm_90 -c k.cui -o pp.o && "$CIRCLE" -Iinc -sm_90 -c k.cu -o direct.o
expect_eq "$(nm pp.o | grep -c ' T ')" "$(nm direct.o | grep -c ' T ')" "the preprocessed TU compiles to the same functions"
expect_eq "$(sms pp.o)" "sm_90 " "the preprocessed TU keeps its kernels"
"$CIRCLE" -Iinc -sm_90 -E k.cu | "$CIRCLE" -sm_90 -x cuda-cpp-output - -o piped; expect_eq "$?" 0 "-E | circle -x cuda-cpp-output -"
printf 'int main() { if target(__nvvm_current_device_sm >= 80) { return 1; } return 0; }\n' > tgt.cxx
"$CIRCLE" -sm_90 -E tgt.cxx -o tgt.ii && "$CIRCLE" -sm_90 tgt.ii -o tgt; expect_eq "$?" 0 "if target survives -E"
./tgt; expect_eq "$?" 0 "if target from a preprocessed file still runs the host's branch"

# ---- dependency files (make's format, as clang writes them) ----
"$CIRCLE" -Iinc -sm_90 -c k.cu -o dep.o -MD
expect_file dep.d "-MD writes beside the object"
expect_contains "$(head -1 dep.d)" "dep.o: k.cu" "-MD target is the object"
expect_contains "$(cat dep.d)" "inc/value.h" "-MD lists the user's header"
expect_contains "$(cat dep.d)" "cuda_runtime.h" "-MD lists system headers"
expect_not_contains "$(cat dep.d)" "<circle>" "circle's in-memory prelude is no dependency"
"$CIRCLE" -Iinc -sm_90 -c k.cu -o dep2.o -MMD -MF deps/../dep2.dep -MT 'custom target' -MP 2>/dev/null
mkdir -p deps && "$CIRCLE" -Iinc -sm_90 -c k.cu -o dep2.o -MMD -MF deps/dep2.dep -MT 'custom target' -MP
expect_eq "$(cat deps/dep2.dep)" "$(printf 'custom target: k.cu inc/value.h\ninc/value.h:')" "-MMD -MF -MT -MP"
"$CIRCLE" -Iinc -sm_90 -c k.cu -o dep3.o -MMD -MQ 'a b$c'
expect_contains "$(cat dep3.d)" 'a\ b$$c: k.cu' "-MQ quotes for make"
expect_eq "$("$CIRCLE" -Iinc -sm_90 -MM k.cu)" "k.o: k.cu inc/value.h" "-MM to standard output"
"$CIRCLE" -Iinc -sm_90 -M k.cu -MF m.d; expect_contains "$(cat m.d)" "cuda_runtime.h" "-M -MF"
printf '#include "missing.h"\nint main() {}\n' > miss.cxx
"$CIRCLE" -c miss.cxx -o miss.o -MD 2>/dev/null; expect_eq "$?" 1 "a missing header fails"
expect_no_file miss.d "no dependency file after a failed compile"
"$CIRCLE" -fsyntax-only -Iinc -sm_90 k.cu; expect_eq "$?" 0 "-fsyntax-only"
expect_no_file k.o "-fsyntax-only writes nothing"

# ---- device code switches ----
printf '__global__ void f(float* p, float a, float b) { float x = p[0] * a; float y = x + b; p[1] = y / a; p[2] = sqrtf(y); p[3] = sinf(b); p[4] = tanhf(a); }\n' > m.cu
"$CIRCLE" -sm_90 -S -gpu m.cu -o m
expect_contains "$(cat m.sm_90.ptx)" "fma.rn.f32" "--fmad=true (the default) fuses across statements"
expect_contains "$(cat m.sm_90.ptx)" "sqrt.rn.f32" "sqrtf is IEEE by default"
expect_contains "$(cat m.sm_90.ptx)" "div.rn.f32" "division is IEEE by default"
expect_eq "$(grep -cP '^\s*\.loc\s' m.sm_90.ptx)" 0 "no line table without -lineinfo"
printf '__global__ void g(float* p, float a, float b) { float x = p[0] * a; p[1] = x + b; }\n' > mad.cu
"$CIRCLE" -sm_90 -S -gpu mad.cu -o mad && expect_contains "$(cat mad.sm_90.ptx)" "fma.rn.f32" "a*b then +c: one fma"
"$CIRCLE" -sm_90 -S -gpu --fmad=false mad.cu -o nf
expect_not_contains "$(cat nf.sm_90.ptx)" "fma" "--fmad=false: no fma"
expect_contains "$(cat nf.sm_90.ptx)" "mul.rn.f32" "--fmad=false: a rounded multiply ptxas will not fuse"
"$CIRCLE" -sm_90 -S -gpu -use_fast_math m.cu -o fm
# (nvcc 13.0's -use_fast_math divides with div.approx; -prec-div=false alone gives div.full)
for insn in fma.rn.ftz.f32 div.approx.ftz.f32 sqrt.approx sin.approx.ftz.f32 tanh.approx.f32; do
  expect_contains "$(cat fm.sm_90.ptx)" "$insn" "-use_fast_math: $insn"
done
expect_not_contains "$(cat m.sm_90.ptx)" "tanh.approx" "tanhf is libdevice's without -use_fast_math"
"$CIRCLE" -sm_90 -S -gpu -lineinfo m.cu -o li; expect_contains "$(grep -P '^\s*\.loc\s' li.sm_90.ptx)" ".loc" "-lineinfo"
out=$("$CIRCLE" -sm_90 -Xptxas -v -maxrregcount=32 -c m.cu -o r.o 2>&1)
expect_contains "$out" "Used " "-Xptxas -v: ptxas's report"
expect_contains "$out" "with  32 of maxrregcount option" "-maxrregcount reaches ptxas"
out=$("$CIRCLE" -sm_90 --resource-usage -c m.cu -o r2.o 2>&1); expect_contains "$out" "registers" "--resource-usage"
expect_eq "$("$CIRCLE" -sm_90 -c m.cu -o r3.o 2>&1)" "" "no report by default"
"$CIRCLE" -sm_90 -dc m.cu -o dc.o && "$CIRCLE" --list-fatbin=dc.o > /dev/null; expect_eq "$?" 0 "-dc: a relocatable object"

# Every output circle writes keeps the inputs safe: -MF, -E -o and -ftime-trace= naming the
# source are errors (exit 1), the source stays as it was and nothing else is written.
cp k.cu keep.cu
for extra in "-c -o keep.o -MD -MF keep.cu" "-E -o keep.cu" "-c -o keep.o -ftime-trace=keep.cu"; do
  out=$("$CIRCLE" -Iinc -sm_90 $extra keep.cu 2>&1); rc=$?
  expect_eq "$rc" 1 "$extra onto the source: exit status"
  expect_contains "$out" "the output 'keep.cu' is the input 'keep.cu'" "$extra onto the source: said"
  check; cmp -s k.cu keep.cu || fail "$extra: the source was changed"
  expect_no_file keep.o "$extra: no object either"
done

# ---- -### and -ftime-trace ----
out=$("$CIRCLE" -### -Iinc -sm_90 k.cu -o planned 2>&1)
expect_contains "$out" '"-cc1"' "-### prints the parse's invocation"
expect_contains "$out" '-target-cpu sm_90' "-### prints the device passes"
expect_no_file planned "-### runs nothing"
"$CIRCLE" -ftime-trace -Iinc -sm_90 -c k.cu -o traced.o
expect_contains "$(cat traced.json)" '"traceEvents"' "-ftime-trace writes the trace beside the object"
expect_contains "$(cat traced.json)" 'codegen sm_90' "the trace holds circle's phases"

# ---- shared libraries ----
cat > lib.cu <<'EOF'
__global__ void scale(int* p, int f) { p[threadIdx.x] *= f; }
extern "C" int lib_run(int f) {
  int* d = nullptr;
  if (cudaMalloc(&d, 16) != cudaSuccess) return -1;
  scale<<<1, 4>>>(d, f);
  cudaFree(d);
  return f;
}
EOF
"$CIRCLE" -sm_90 -fPIC -shared lib.cu -o libk.so; expect_eq "$?" 0 "-fPIC -shared"
expect_contains "$(readelf -d libk.so)" "Shared library" "a shared object"
expect_contains "$(nm -D libk.so)" "lib_run" "the library exports its functions"
"$CIRCLE" -sm_90 -fPIC -c lib.cu -o lib.o && c++ -shared lib.o -o libk2.so -L"$CUDA_PATH/lib64" -lcudart_static
expect_eq "$?" 0 "a -fPIC object links into a shared library with c++"
printf 'extern "C" int lib_run(int);\n#include <cstdio>\nint main() { printf("%%d\\n", lib_run(3) == -1 || lib_run(3) == 3); }\n' > use.cxx
"$CIRCLE" use.cxx -L. -lk -Wl,-rpath,'$ORIGIN' -o use && expect_eq "$(./use)" "1" "linked with the library (-L -l -Wl,-rpath)"
"$CIRCLE" use.cxx -L. -lk -rpath "$PWD" -o use2 && expect_contains "$(readelf -d use2)" "$PWD" "clang's -rpath"

# nvcc links libraries after the objects wherever -l stands on the line.
printf 'int libfn(int x) { return x * 3; }\n' > libfn.c
cc -c libfn.c -o libfn.o && ar rcs libmine.a libfn.o
printf '#include <cstdio>\nextern "C" int libfn(int);\nint main() { printf("%%d\\n", libfn(4)); }\n' > uselib.cu
cu -L. -lmine uselib.cu -o uselib; expect_eq "$(./uselib)" "12" "-l before the source links after it"
rm -f uselib; cu -L . -l mine uselib.cu -o uselib; expect_eq "$(./uselib)" "12" "-l NAME too"
rm -f uselib; cu uselib.cu -L. -lmine -o uselib; expect_eq "$(./uselib)" "12" "-l after the source as before"
# -arch=native asks the CUDA driver for this machine's GPUs; without a driver it builds
# nvcc's default, sm_75, and says so (as nvcc warns). With a GPU: tests/gpu/RESULTS.md.
printf '__global__ void k(int* p) { *p = 1; }\nint main() {}\n' > native.cu
out=$("$CIRCLE" -arch=native native.cu -o native 2>&1); expect_eq "$?" 0 "-arch=native compiles ($out)"
if ! ldconfig -p | grep -q 'libcuda.so.1'; then
  expect_contains "$out" "no GPU to build for with native (no CUDA driver" "-arch=native without a driver: the warning"
  expect_contains "$("$CIRCLE" --list-fatbin=native)" "sm_75.cubin" "-arch=native without a driver: sm_75, as nvcc"
fi
finish
