# Makefiles written for nvcc: its long option names, its -Werror kinds, and the
# switches only nvcc has (-lib, -odir, --restrict, --list-gpu-arch), doing what nvcc's do.
source "$(dirname "$0")/lib.sh"
mkdir -p inc src out
printf '#define SCALE 3\n' > inc/scale.h
cat > src/lib.cu <<'CU'
#include "scale.h"
#include <cstdio>
__global__ void triple(int* p) { p[threadIdx.x] *= SCALE; }
int run_triple() {
  int* d; int h[4] = {1, 2, 3, 4};
  cudaMalloc(&d, sizeof h); cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  triple<<<1, 4>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); cudaFree(d);
  return h[0] + h[1] + h[2] + h[3];
}
CU
printf 'int run_triple();\n#include <cstdio>\nint main() { std::printf("%%d\\n", run_triple()); }\n' > src/main.cu

# Long names: --include-path, --define-macro, --compile, --output-file, -std c++17.
cu --include-path inc --define-macro EXTRA=1 -std c++17 --compile src/lib.cu --output-file lib.o
expect_eq "$?" 0 "nvcc's long names for -I, -D, -std, -c, -o"
expect_contains "$(nm -C lib.o)" "run_triple()" "the object"
# --options-file (-optf): more options from a file, quoted as @file's.
printf -- '--include-path inc\n-DGREETING="hello there"\n' > opts.txt
cu -optf opts.txt -c src/lib.cu -o optf.o; expect_eq "$?" 0 "-optf: the include path from the file"
out=$(cu --options-file missing.txt -c src/lib.cu 2>&1); expect_eq "$?" 1 "a missing options file"
expect_contains "$out" "cannot read the options file 'missing.txt'" "said"
printf -- '--options-file self.txt\n' > self.txt
out=$(cu --options-file self.txt -c src/lib.cu 2>&1); expect_eq "$?" 1 "an options file that names itself"
expect_contains "$out" "more than 16 deep" "said, no hang"
# -lib: nvcc's static library, named a.a by default, its members by the sources.
cu -lib -sm_90 -Iinc src/lib.cu; expect_eq "$?" 0 "-lib"
expect_eq "$(ar t a.a)" "lib.o" "-lib: a.a with lib.o"
cu -lib -sm_75 -sm_90 --include-path=inc src/lib.cu -o out/libtriple.a
cu -sm_75 -sm_90 src/main.cu --library-path out --library triple -o prog
expect_eq "$?" 0 "linked with the -lib library (--library-path, --library)"
expect_eq "$(cu --list-fatbin=prog | grep -c cubin)" 2 "the library's kernels in the program"
out=$(cu -lib -c src/lib.cu 2>&1); expect_eq "$?" 1 "-lib -c"; expect_contains "$out" "-lib archives objects" "why"
# -odir: outputs -o does not name, and -M's target.
cu -c -odir out -Iinc src/lib.cu; expect_file out/lib.o "-odir: the object in the directory"
expect_contains "$(cu -M -odir out -Iinc src/lib.cu)" "out/lib.o: src/lib.cu" "-odir: -M's target"
# --linker-options: comma-separated, as nvcc splits them.
cu -sm_90 src/main.cu out/libtriple.a --linker-options -rpath,/opt/x -o rprog
expect_contains "$(readelf -d rprog)" "/opt/x" "--linker-options -rpath,/opt/x reaches the linker"

# -dlink: nvcc's separate-compilation flow, the program linked by g++.
printf 'extern __device__ int twice(int);\n__global__ void k(int* p) { *p = twice(21); }\nint main() {}\n' > da.cu
printf '__device__ int twice(int x) { return 2 * x; }\n' > db.cu
cu -dc -sm_75 -sm_90 da.cu db.cu && cu -dlink -sm_75 -sm_90 da.o db.o; expect_eq "$?" 0 "-dc, then -dlink"
expect_file a_dlink.o "-dlink: a_dlink.o, as nvcc names it"
expect_contains "$(nm a_dlink.o)" "__cudaRegisterLinkedBinary_" "-dlink: the objects' registration"
check; g++ da.o db.o a_dlink.o -L"$CUDA_PATH/lib64" -lcudart_static -ldl -lpthread -lrt -o gprog 2> g.log ||
  fail "g++ links the -dlink object: $(cat g.log)"
expect_eq "$(cu --list-fatbin=gprog | grep -c cubin)" 2 "the program linked by g++ holds both sms' cubins"
cu -dlink -sm_90 da.cu db.cu -o src_dlink.o; expect_eq "$?" 0 "-dlink of sources (compiled with -rdc first)"
out=$(cu -dlink -c da.o 2>&1); expect_eq "$?" 1 "-dlink -c"
# Neither writes over what it reads.
cp da.o da_copy.o
out=$(cu -dlink -sm_90 da.o db.o -o da.o 2>&1); expect_eq "$?" 1 "-dlink -o onto an input"
check; cmp -s da.o da_copy.o || fail "-dlink -o onto an input left it alone"
cp src/lib.cu keep.cu
out=$(cu -lib keep.cu -o keep.cu 2>&1); expect_eq "$?" 1 "-lib -o onto the source"
check; cmp -s keep.cu src/lib.cu || fail "-lib -o onto the source left it alone"

# -Werror with nvcc's kinds; Clang's -Werror alone still works.
printf '__global__ void k(int* p) { int unused; p[0] = 1; }\n' > warn.cu
out=$(cu -Wall -Werror all-warnings -c warn.cu -o w.o 2>&1); expect_eq "$?" 1 "-Werror all-warnings fails on a warning"
expect_contains "$out" "warn.cu:1:33: error: unused variable 'unused'" "the warning, as an error, located"
out=$(cu -Wall -Werror -c warn.cu -o w.o 2>&1); expect_eq "$?" 1 "Clang's -Werror"
out=$(cu -Wall --Werror cross-execution-space-call -c warn.cu -o w.o 2>&1); expect_eq "$?" 0 "a kind circle has no warning for"
expect_contains "$out" "note: -Werror cross-execution-space-call ignored" "said"

# --restrict: kernels' pointers do not alias, so read-only loads use the
# non-coherent path, as nvcc's do.
printf '__global__ void axpy(const float* x, float* y, float a, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] += a * x[i];\n}\n' > axpy.cu
expect_not_contains "$(cu -ptx -arch=sm_90 axpy.cu -o -)" "ld.global.nc" "without --restrict: x may alias y"
expect_contains "$(cu -ptx -arch=sm_90 --restrict axpy.cu -o -)" "ld.global.nc.b32" "--restrict: x read through ld.global.nc"
if [ -x "$CUDA_PATH/bin/nvcc" ]; then
  check; "$CUDA_PATH/bin/nvcc" -ptx -arch=sm_90 --restrict axpy.cu -o nvcc.ptx && grep -q "ld.global.nc" nvcc.ptx ||
    fail "nvcc --restrict also uses ld.global.nc"
fi

# __restrict__ on a kernel's local copies of its pointer parameters (ggml's pattern),
# which nvcc honours: a parameter used only to initialize restrict locals of the kernel's
# outermost block is read as a restrict parameter; one also read directly is not.
cat > restrict_locals.cu <<'SRC'
template <int N> __global__ void scaled(const void* x_ptr, float* y_ptr, int n) {
  const float* __restrict__ x = (const float*)x_ptr;
  float* __restrict__ y = y_ptr;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += N * x[i];
}
template __global__ void scaled<2>(const void*, float*, int);
__global__ void mixed(const float* x_ptr, float* y, int n) {
  const float* __restrict__ x = x_ptr;
  if (n > 0) y[0] = x[0] + x_ptr[1];
}
__global__ void nested(const float* x_ptr, float* y, int n) {
  if (n > 0) { const float* __restrict__ x = x_ptr; y[0] = x[0]; }
}
SRC
ptx=$(cu -ptx -arch=sm_90 restrict_locals.cu -o -)
expect_contains "$(awk '/entry _Z6scaledILi2EEvPKvPfi/,/^}/' <<< "$ptx")" "ld.global.nc.b32" "restrict locals: x read through ld.global.nc"
expect_not_contains "$(awk '/entry _Z5mixedPKfPfi/,/^}/' <<< "$ptx")" "ld.global.nc" "a parameter also read directly may alias y"
expect_not_contains "$(awk '/entry _Z6nestedPKfPfi/,/^}/' <<< "$ptx")" "ld.global.nc" "a restrict local of an inner block covers only that block"

# What the toolkit's ptxas accepts, as nvcc lists it.
expect_eq "$(cu --list-gpu-code | head -1)" "sm_75" "--list-gpu-code"
if [ -x "$CUDA_PATH/bin/nvcc" ]; then
  expect_eq "$(cu --list-gpu-arch | sort -V)" "$("$CUDA_PATH/bin/nvcc" --list-gpu-arch | sort -V)" "--list-gpu-arch: nvcc's"
  expect_eq "$(cu -list-gpu-code | sort -V)" "$("$CUDA_PATH/bin/nvcc" --list-gpu-code | sort -V)" "--list-gpu-code: nvcc's"
else echo "note: no nvcc in $CUDA_PATH: --list-gpu-* not compared with nvcc's"; fi

# Options real builds pass (PyTorch, ggml, CUTLASS, CMake's Clang-identified CUDA),
# each with nvcc's effect.
printf '#include <cstdio>\n__global__ void k(float* p) { p[0] = __sinf(p[1]); }\nint main(int c, char** v) { std::printf("%%d %%s\\n", c, c > 2 ? v[2] : "-"); return 3; }\n' > real.cu
for f in "-t=0" "-t0" "-t4" "-maxrregcount=0" "-Xfatbin -compress-all" "-compress-mode=size" "--optimize 3"; do
  cu -arch=sm_90 $f real.cu -o real_out > real.log 2>&1; expect_eq "$?" 0 "$f accepted"
done
expect_contains "$(cu -arch=sm_90 --optimize 3 -### -c real.cu 2>&1)" '"-O3"' "--optimize 3: the host at -O3"
out=$(cu -gencode arch=compute_90,code=lto_90 -c real.cu -o lto.o 2>&1); expect_eq "$?" 0 "code=lto_90 accepted"
expect_contains "$out" "circle writes the sm's code and PTX where nvcc writes LTO IR" "code=lto_90: said"
expect_contains "$(cu --list-fatbin=lto.o)" "sm_90" "code=lto_90: sm_90's code"
out=$(cu -arch=sm_90 --cuda-include-ptx=all --no-cuda-include-ptx=sm_90 -c real.cu -o ptx.o 2>&1)
expect_eq "$?" 0 "clang's --cuda-include-ptx / --no-cuda-include-ptx accepted"
expect_contains "$out" "ignored: circle's fat binaries carry every sm's PTX beside its code" "why"
expect_contains "$(cu -arch=sm_90 -Xcuda-ptxas -v -c real.cu -o v.o 2>&1)" "ptxas info" "-Xcuda-ptxas -v: ptxas's report"
cu -arch=sm_90 -Xlinker -rpath,/opt/circle-test real.cu -o rpath_out
expect_contains "$(readelf -d rpath_out)" "[/opt/circle-test]" "-Xlinker splits at the comma, as nvcc's"
out=$(cu -arch=sm_90 --run --run-args x,y real.cu -o ran); rc=$?
expect_eq "$out" "3 y" "--run with --run-args"
expect_eq "$rc" 3 "--run: the program's exit status"
mkdir -p keep_here && (cd keep_here && cu -arch=sm_90 --keep -c ../real.cu -o real.o 2> /dev/null)
expect_file keep_here/real.sm_90.ptx "--keep: the PTX in the current directory, as nvcc"
cu -arch=sm_90 --keep --keep-dir kept_dir -c real.cu -o real.o 2> /dev/null
expect_file kept_dir/real.sm_90.cubin "--keep-dir"
mkdir -p objdir && cu -arch=sm_90 -save-temps=obj -c real.cu -o objdir/real.o 2> /dev/null
expect_file objdir/real.fatbin "-save-temps=obj: beside the object"
expect_contains "$(cu -arch=sm_90 --use_fast_math -ptx real.cu -o -)" "sin.approx.ftz.f32" "--use_fast_math: nvcc's ftz sine"
# Their errors: at the option, exit status 1, nothing written.
out=$(cu -arch=sm_90 --run -c real.cu -o run_c.o 2>&1); expect_eq "$?" 1 "--run with -c"
expect_contains "$out" "circle: error: --run needs an executable to run" "--run with -c: said"
out=$(cu -arch=sm_90 -save-temps=elsewhere -c real.cu -o st.o 2>&1); expect_eq "$?" 1 "-save-temps=elsewhere"
expect_contains "$out" "'-save-temps=elsewhere': expected obj or cwd" "-save-temps=elsewhere: said"
expect_no_file st.o "-save-temps=elsewhere: no object"
touch not_a_dir
out=$(cu -arch=sm_90 --keep --keep-dir not_a_dir/sub -c real.cu -o kd.o 2>&1); expect_eq "$?" 1 "--keep-dir under a file"
expect_contains "$out" "cannot create the directory 'not_a_dir/sub' to keep intermediate files in" "--keep-dir under a file: said"
expect_no_file kd.o "--keep-dir under a file: no object"
# nvcc --run PROGRAM: a program already linked runs (Meson's sanity check quotes the name).
out=$(cu --run '"./ran"'); expect_eq "$?" 3 "--run of a linked program: its exit status"
expect_eq "$out" "1 -" "--run of a linked program: its output"

# Switches with no meaning in circle: accepted, with a note where one is expected.
out=$(cu -Xcudafe --diag_suppress=177 --diag-suppress=550 -split-compile=0 --use-local-env -c warn.cu -o w.o 2>&1)
expect_eq "$?" 0 "nvcc's front-end and tuning switches accepted"
expect_contains "$out" "note: '-Xcudafe --diag_suppress=177' ignored" "-Xcudafe: a note"
expect_contains "$out" "note: '--diag-suppress=550' ignored: EDG's diagnostic numbers mean nothing to Clang" "--diag-suppress: why"
out=$(cu --machine 32 -c warn.cu 2>&1); expect_eq "$?" 1 "--machine 32"
expect_contains "$out" "64-bit" "why"
finish
