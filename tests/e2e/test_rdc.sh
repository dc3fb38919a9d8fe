# Separate compilation: several sources and objects in one link, -rdc objects whose
# device code calls across files (linked as bitcode into one fat binary), launches
# from the device (nvlink with libcudadevrt), and the link's errors. The GPU runs
# are in tests/gpu (nvcc/dynamic_parallelism.cu, nvcc/separate_compilation/).
source "$(dirname "$0")/lib.sh"

# Host-only programs of two files, with and without CUDA.
printf 'int twice(int x) { return 2 * x; }\n' > twice.cxx
printf '#include <cstdio>\nint twice(int);\nint main() { printf("%%d\\n", twice(21)); }\n' > main.cxx
out=$("$CIRCLE" main.cxx twice.cxx -o two 2>&1)
expect_eq "$?" 0 "two host sources link ($out)"
expect_eq "$(./two)" "42" "two host sources run"
"$CIRCLE" -c twice.cxx -o twice.o
out=$("$CIRCLE" main.cxx twice.o -o two_obj 2>&1)
expect_eq "$?" 0 "a source and an object link ($out)"
expect_eq "$(./two_obj)" "42" "a source and an object run"

cat > a.cxx <<'SRC'
#include <cstdio>
extern __device__ int hits;   // b.cxx
__device__ int scale(int x);  // b.cxx, explicitly __device__
int offset(int x);            // b.cxx, untagged
__global__ void apply(int* out) {
  out[threadIdx.x] = scale(threadIdx.x) + offset(threadIdx.x);
  atomicAdd(&hits, 1);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 8 * sizeof(int));
  apply<<<1, 8>>>(out);
  cudaDeviceSynchronize();
  printf("%d %d\n", out[7], offset(1));
}
SRC
cat > b.cxx <<'SRC'
__device__ int hits = 0;
__device__ int scale(int x) { return 3 * x; }
int offset(int x) { return x + 100; }
SRC
# Without -rdc each source's device code must be complete.
out=$(cu -sm_75 -sm_90 a.cxx b.cxx -o ab 2>&1)
expect_eq "$?" 1 "cross-file device calls without -rdc fail"
expect_contains "$out" "a.cxx:5:17: error: kernel 'apply(int*)' reaches 'scale(int)', which has no device definition for sm_75" "without -rdc: the missing device function"
expect_contains "$out" "one defined in another source needs -rdc" "without -rdc: the note says -rdc"
expect_no_file ab "a failed link leaves no output"

cu -sm_75 -sm_90 -rdc -c a.cxx -o a.o && cu -sm_75 -sm_90 -rdc -c b.cxx -o b.o
expect_file a.o "-rdc -c writes an object"
sections=$(readelf -SW a.o)
expect_contains "$sections" ".circle_device" "the object carries device bitcode"
expect_contains "$(readelf -SW a.o | grep .circle_device)" " E " "the bitcode section is excluded from links"
expect_contains "$(nm a.o)" "U __cudaRegisterLinkedBinary__nv_" "the object registers through the link"
out=$("$CIRCLE" --list-fatbin=a.o 2>&1)
expect_eq "$?:$out" "0:" "the object's own fat binary is empty"

out=$(cu a.o b.o -o ab 2>&1)
expect_eq "$?" 0 "two -rdc objects link, sms from the objects ($out)"
listing=$("$CIRCLE" --list-fatbin=ab)
expect_eq "$listing" "ELF file    1: ab.1.sm_75.cubin
PTX file    1: ab.1.sm_75.ptx
ELF file    2: ab.2.sm_90.cubin
PTX file    2: ab.2.sm_90.ptx" "one linked fat binary, with PTX (nothing left for nvlink)"
expect_not_contains "$(readelf -SW ab)" ".circle_device" "no bitcode in the executable"
# The sms' ptxas runs run at once (-t, default one per core); the fat binary is the same.
cu -t 1 a.o b.o -o ab_t1 > /dev/null 2>&1
objcopy -O binary --only-section=.nv_fatbin ab ab.fatbin && objcopy -O binary --only-section=.nv_fatbin ab_t1 ab_t1.fatbin
expect_eq "$(cmp ab.fatbin ab_t1.fatbin && echo same)" "same" "-t 1 links the same fat binary"
expect_contains "$(nm ab)" "T __cudaRegisterLinkedBinary__nv_" "the link defines the registration"

# The linked PTX holds both files' device code, inlined across files.
out=$(cu -rdc -sm_90 a.cxx b.cxx -o ab_one --keep-temps 2>&1)
expect_eq "$?" 0 "two sources with -rdc link in one command ($out)"
tmp=$(sed -n "s/.*intermediate files kept in '\(.*\)'.*/\1/p" <<< "$out")
expect_file "$tmp/linked.sm_90.ptx" "the linked PTX is kept"
expect_not_contains "$(cat "$tmp/linked.sm_90.ptx")" "call.uni" "scale and offset are inlined into apply"
expect_contains "$(cat "$tmp/linked.sm_90.ptx")" ".visible .global .align 4 .u32 hits" "the device variable from b.cxx"
rm -rf "$tmp"

# A static library of -rdc objects: its members' device code joins the device link.
printf '__device__ int triple(int x) { return 3 * x; }\nint plus_one(int x) { return x + 1; }\n' > libpart.cxx
printf '#include <cstdio>\n__device__ int triple(int);\nint plus_one(int);\n__global__ void use(int* o) { o[threadIdx.x] = triple(threadIdx.x) + plus_one(1); }\nint main() { printf("%%d\\n", plus_one(41)); }\n' > uselib.cxx
cu -sm_90 -rdc -c libpart.cxx -o libpart.o && ar rcs libpart.a libpart.o && cu -sm_90 -rdc -c uselib.cxx -o uselib.o
out=$(cu uselib.o libpart.a -o uselib --keep-temps 2>&1)
expect_eq "$?" 0 "an -rdc object links with a static library of -rdc objects ($out)"
expect_eq "$(./uselib)" "42" "the library's host code"
tmp=$(sed -n "s/.*intermediate files kept in '\(.*\)'.*/\1/p" <<< "$out")
expect_contains "$(cat "$tmp/linked.sm_90.ptx")" ".visible .entry _Z3usePi" "the kernel is linked"
expect_not_contains "$(cat "$tmp/linked.sm_90.ptx")" ".extern .func" "triple() came from the library's device code"
rm -rf "$tmp"

echo "not an archive" > libbroken.a
out=$(cu uselib.o libbroken.a -o broken 2>&1); status=$?
expect_eq "$status" 1 "a damaged static library fails the link"
expect_contains "$out" "'libbroken.a' is not an archive circle can link" "the error names the library"
expect_no_file broken "no executable after the error"

# An untagged helper that needs the GPU, defined in one -rdc source and called by a
# kernel of another: a device definition the link finds, and no host definition.
printf 'int warp_lane() { return threadIdx.x & 31; }\n' > lane.cxx
printf 'int warp_lane();\n__global__ void lanes(int* out) { out[threadIdx.x] = warp_lane(); }\nint main() {}\n' > lanes.cxx
cu -sm_90 -rdc -c lane.cxx -o lane.o
expect_not_contains "$(nm -C lane.o)" "warp_lane" "the GPU-only helper has no host symbol"
out=$(cu -sm_90 -rdc lanes.cxx lane.o -o lanes --keep-temps 2>&1)
expect_eq "$?" 0 "a kernel calls a GPU-only helper of another -rdc source ($out)"
tmp=$(sed -n "s/.*intermediate files kept in '\(.*\)'.*/\1/p" <<< "$out")
expect_contains "$(cat "$tmp/linked.sm_90.ptx")" "%tid.x" "the helper's threadIdx read is in the linked PTX"
rm -rf "$tmp"

# The 5th chevron argument still picks the sm whose module holds the kernel.
cat > p5.cxx <<'SRC'
template <int N> __global__ void only(int* p) { *p = N; }
__global__ void everywhere(int* p) { *p = 0; }
int main() {
  only<75><<<1, 1, 0, 0, 75>>>(nullptr);
  only<90><<<1, 1, 0, 0, 90>>>(nullptr);
  everywhere<<<1, 1>>>(nullptr);
}
SRC
out=$(cu -rdc -sm_75 -sm_90 p5.cxx -o p5 --keep-temps 2>&1)
tmp=$(sed -n "s/.*intermediate files kept in '\(.*\)'.*/\1/p" <<< "$out")
e75=$(grep '.entry' "$tmp/linked.sm_75.ptx"); e90=$(grep '.entry' "$tmp/linked.sm_90.ptx")
expect_contains "$e75" "_Z4onlyILi75EEvPi" "-rdc: only<75> in sm_75"
expect_not_contains "$e75" "_Z4onlyILi90EEvPi" "-rdc: only<90> not in sm_75"
expect_contains "$e90" "_Z4onlyILi90EEvPi" "-rdc: only<90> in sm_90"
expect_not_contains "$e90" "_Z4onlyILi75EEvPi" "-rdc: only<75> not in sm_90"
expect_contains "$e75$e90" "_Z10everywherePi" "-rdc: a 4-argument launch in every sm"
rm -rf "$tmp"

# A launch from the device: relocatable PTX, nvlink with libcudadevrt, no PTX image.
cat > dp.cxx <<'SRC'
__global__ void child(int* p) { p[threadIdx.x] = threadIdx.x; }
__global__ void parent(int* p) { child<<<1, 32>>>(p); }
int main() { parent<<<1, 1>>>(nullptr); }
SRC
out=$(cu -rdc -sm_75 -sm_90 -v dp.cxx -o dp 2>&1)
expect_eq "$?" 0 "dynamic parallelism compiles ($(tail -3 <<< "$out"))"
expect_contains "$out" "ptxas\" \"-c\"" "relocatable ptxas"
expect_contains "$out" "nvlink\" \"--arch=sm_90\"" "nvlink for sm_90"
expect_contains "$out" "libcudadevrt.a" "linked with libcudadevrt"
expect_eq "$("$CIRCLE" --list-fatbin=dp)" "ELF file    1: dp.1.sm_75.cubin
ELF file    2: dp.2.sm_90.cubin" "cubins only: PTX that calls the device runtime cannot be JIT-linked"
out=$(cu -rdc -sm_90 -S -gpu dp.cxx -o dp_ptx 2>&1)
expect_contains "$(cat dp_ptx.sm_90.ptx)" "__cudaCDP2LaunchDevice" "-gpu -S shows the object's module, launching through the device runtime"

# A __managed__ variable defined in one object and read by another's host code: the
# pointer the runtime fills is shared by name (the GPU run: nvcc/rdc_globals/).
printf '__managed__ int total = 3;\n__global__ void k() { total += 1; }\n' > m1.cxx
printf '#include <cstdio>\nextern __managed__ int total;\nint main() { printf("%%d\\n", total); }\n' > m2.cxx
cu -sm_90 -rdc -c m1.cxx -o m1.o && cu -sm_90 -rdc -c m2.cxx -o m2.o
expect_contains "$(nm m1.o)" "B total.managed_ptr" "the defining object holds the managed pointer"
expect_contains "$(nm m2.o)" "U total.managed_ptr" "the other object reads it"
out=$(cu m1.o m2.o -o managed_two 2>&1)
expect_eq "$?" 0 "extern __managed__ across objects links ($out)"

# The link's errors.
cu -sm_75 -rdc -c b.cxx -o b75.o
out=$(cu -sm_75 -sm_90 a.o b75.o -o bad 2>&1)
expect_eq "$?" 1 "a missing sm fails the link"
expect_contains "$out" "circle: error: 'b75.o' has no device code for sm_90: compile it with -sm_90" "missing sm"
expect_no_file bad "a failed link leaves no output"
out=$(CUDA_PATH=/no/such/cuda CUDA_HOME= "$CIRCLE" a.o b.o -o bad 2>&1)
expect_contains "$out" "circle: error: no usable CUDA toolkit at '/no/such/cuda' (from \$CUDA_PATH)" "no toolkit"
expect_no_file bad "no toolkit: no output"
"$CIRCLE" a.o b.o -o from_env; expect_eq "$?" 0 "objects with device code link without GPU options (the toolkit from CUDA_PATH)"
out=$(cu a.o -o bad 2>&1)
expect_eq "$?" 1 "an undefined device function fails the link"
expect_contains "$out" "uses what no object defines for the device:" "undefined device function"
expect_contains "$out" "kernel 'apply(int*)' reaches 'scale(int)'" "undefined device function, named"
printf '__device__ int scale(int x) { return x; }\n' > dup.cxx
cu -sm_75 -sm_90 -rdc -c dup.cxx -o dup.o
out=$(cu a.o b.o dup.o -o bad 2>&1)
expect_eq "$?" 1 "a device function defined twice fails the link"
expect_contains "$out" "_Z5scalei" "the duplicate is named"
expect_no_file bad "a failed device link leaves no output"
# An object that registers relocatable device code circle did not compile (as nvcc's do).
printf 'extern "C" void __cudaRegisterLinkedBinary_elsewhere();\nvoid f() { __cudaRegisterLinkedBinary_elsewhere(); }\n' > foreign.cxx
"$CIRCLE" -c foreign.cxx -o foreign.o
out=$(cu a.o b.o foreign.o -o bad 2>&1)
expect_eq "$?" 1 "another compiler's relocatable object fails the link"
expect_contains "$out" "circle: error: 'foreign.o' was compiled with relocatable device code by another compiler" "another compiler's object"
echo "not an object" > text.o
out=$(cu a.o text.o -o bad 2>&1)
expect_eq "$?" 1 "a .o that is not an object fails the link"
expect_contains "$out" "circle: error: 'text.o' is not an object file circle can link" "not an object"
# The host link's own failure names the executable.
printf 'int missing();\nint main() { return missing(); }\n' > undefined.cxx
out=$("$CIRCLE" undefined.cxx -o bad 2>&1)
expect_eq "$?" 1 "an undefined host symbol fails the link"
expect_contains "$out" "circle: error: linking 'bad' failed:" "the link failure names the executable"
expect_no_file bad "a failed host link leaves no output"
# Stack bounds with -rdc: each object's stubs read their kernel's bound from a weak
# symbol that the link defines from the whole program's device code.
cu -sm_75 -sm_90 -rdc -c "$CIRCLE_ROOT/tests/gpu/cases/recursion_stack.cxx" -o rstack.o
expect_contains "$(nm rstack.o)" "w __circle_stack__Z6kernelPii" "the object reads the kernel's bound from the link"
cu rstack.o -o rstack
bound=$(nm rstack | awk '/ R __circle_stack__Z6kernelPii$/ {print $1}')
expect_eq "$([ -n "$bound" ] && echo defined)" "defined" "the link defines the recursive kernel's bound"
cu -sm_75 -sm_90 -rdc -fno-gpu-auto-stack -c "$CIRCLE_ROOT/tests/gpu/cases/recursion_stack.cxx" -o rstack_off.o
expect_not_contains "$(nm rstack_off.o)" "__circle_stack__Z6kernelPii" "-fno-gpu-auto-stack: no bound read"

# -rdc with an arch-specific sm: each object carries sm_90 and sm_90a device code; the
# link builds both images.
printf '__device__ int twice(int x);\n__global__ void k(int* o) { o[0] = twice(21); }\n' > ra.cu
printf '__device__ int twice(int x) {\n#ifdef __CUDA_ARCH_FEAT_SM90_ALL\n  return 2 * x;\n#else\n  return -1;\n#endif\n}\nint main() {}\n' > rb.cu
cu -rdc -c -arch=sm_90a ra.cu -o ra.o && cu -rdc -c -arch=sm_90a rb.cu -o rb.o && cu -rdc -arch=sm_90a ra.o rb.o -o r90a
expect_eq "$?" 0 "-rdc -arch=sm_90a compiles and links"
expect_eq "$("$CIRCLE" --list-fatbin=r90a | grep -c 'sm_90a')" 2 "an sm_90a cubin and its PTX"

# A function with a try calling an in-class member function that launches a kernel:
# the device's exception islands leave it out (Clang's code generation of the host's
# launch crashed there, with -rdc; cuda-samples' segmentationTreeThrust).
cat > try_launch.cu <<'SRC'
#include <cstdio>
#include <stdexcept>
__global__ void k(int* p) { *p = 7; }
struct S {
  int* d;
  void step() { k<<<1, 1>>>(d); }
  int run() {
    try { step(); } catch (const std::exception& e) { printf("caught %s\n", e.what()); return 1; }
    return 0;
  }
};
int main() { S s; cudaMalloc(&s.d, 4); return s.run(); }
SRC
out=$(cu -sm_90 -rdc try_launch.cu -o try_launch 2>&1); rc=$?
expect_eq "$rc" 0 "a try around a call that launches compiles with -rdc ($out)"
expect_not_contains "$out" "Stack dump" "no crash"
# A static library of __device__ functions that no host code calls: the linked
# registration refers to every object whose device code was linked (its __fatbinwrap_*,
# as nvcc's does), so the host linker takes the member from the archive and its
# constructor arrives; without it the fat binary was never registered and every launch
# failed (CMake's CUDA_SEPARABLE_COMPILATION with such a library: 0 where 42).
printf '__device__ int twice(int x) { return 2 * x; }\n' > lib_twice.cu
printf '#include <cstdio>\nextern __device__ int twice(int);\n__global__ void answer(int* o) { *o = twice(21); }\nint main() { int* d; cudaMalloc(&d, 4); answer<<<1, 1>>>(d); int h = 0; cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); printf("%%d\\n", h); }\n' > lib_main.cu
cu -sm_90 -rdc -c lib_twice.cu -o lib_twice.o && rm -f libtwice.a && ar qc libtwice.a lib_twice.o
cu -sm_90 -rdc -c lib_main.cu -o lib_main.o
cu -sm_90 -dlink lib_main.o libtwice.a -o lib_dlink.o
c++ lib_main.o lib_dlink.o libtwice.a -o lib_gxx -L"$CUDA_PATH/lib64" -lcudadevrt -lcudart_static -lrt -lpthread -ldl
expect_eq "$(nm lib_gxx | grep -c ' D __fatbinwrap')" 2 "-dlink, then c++: the library's member linked with its registration"
cu -sm_90 lib_main.o libtwice.a -o lib_circle
expect_eq "$(nm lib_circle | grep -c ' D __fatbinwrap')" 2 "circle's own link: the same"
finish
