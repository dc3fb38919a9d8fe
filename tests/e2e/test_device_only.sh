# Device code alone, as nvcc's -ptx, -cubin and -fatbin and clang's --cuda-device-only
# write it (for programs that load it with the driver API; tests/gpu runs such a
# program on the GPU): one file per source, named as nvcc names it, the same code an
# executable carries, and nothing written when the compile fails.
source "$(dirname "$0")/lib.sh"
mkdir src sub
cat > src/k.cu <<'CU'
#include <cstdio>
__device__ int hits;
extern "C" __global__ void bump(int* p) { p[threadIdx.x] += 1; atomicAdd(&hits, 1); }
int main() {}
CU
cp src/k.cu src/other.cu

# -ptx: SRC.ptx in the working directory, the PTX -S -gpu shows for that sm.
(cd sub && cu -ptx -arch=sm_90 ../src/k.cu); expect_eq "$?" 0 "-ptx"
expect_file sub/k.ptx "-ptx writes k.ptx in the working directory"
expect_contains "$(cat sub/k.ptx)" ".target sm_90" "-ptx: for the one sm"
expect_contains "$(cat sub/k.ptx)" ".visible .entry bump(" "-ptx: the kernel"
cu -S -gpu -sm_90 src/k.cu -o gpu
check; cmp -s sub/k.ptx gpu.sm_90.ptx || fail "-ptx is the PTX -S -gpu writes"
cu -ptx src/k.cu src/other.cu; expect_eq "$?" 0 "-ptx, two sources"
expect_contains "$(cat k.ptx)" ".target sm_75" "nvcc's default sm"
expect_file other.ptx "one PTX file per source"
expect_contains "$(cu --ptx -arch=sm_90 src/k.cu -o -)" ".visible .entry bump(" "-o -: the PTX on standard output"

# One sm for -ptx and -cubin, as nvcc: an error, and nothing written.
rm -f k.ptx
out=$(cu -ptx -arch=sm_75 -arch=sm_90 src/k.cu 2>&1); expect_eq "$?" 1 "-ptx with two sms"
expect_contains "$out" "circle: error: '-ptx' writes one GPU architecture's code, but several are named" "why"
expect_no_file k.ptx "no PTX after the error"
out=$(cu -cubin -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90 src/k.cu 2>&1)
expect_eq "$?" 1 "-cubin with two sms"; expect_no_file k.cubin "no cubin after the error"

# -cubin: ptxas's ELF for the sm, the header nvcc's -cubin has.
cu -cubin -arch=sm_90 src/k.cu; expect_eq "$?" 0 "-cubin"
expect_contains "$(readelf -h k.cubin)" "NVIDIA CUDA architecture" "-cubin: a CUDA ELF"
if [ -x "$CUDA_PATH/bin/nvcc" ]; then
  "$CUDA_PATH/bin/nvcc" -cubin -arch=sm_90 src/k.cu -o nvcc.cubin
  expect_eq "$(readelf -h k.cubin | grep Flags)" "$(readelf -h nvcc.cubin | grep Flags)" "-cubin: nvcc's ELF flags (the sm)"
else echo "note: no nvcc in $CUDA_PATH: -cubin not compared with nvcc's"; fi
expect_contains "$(readelf -sW k.cubin)" " bump" "-cubin: the kernel's symbol"
expect_contains "$(readelf -sW k.cubin)" " hits" "-cubin: the device variable's symbol"

# -fatbin: every sm's cubin and PTX, listed as nvcc's fat binary of the same sms.
cu -fatbin -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90 src/k.cu; expect_eq "$?" 0 "-fatbin"
if [ -x "$CUDA_PATH/bin/nvcc" ]; then
  "$CUDA_PATH/bin/nvcc" -fatbin -gencode arch=compute_75,code=[sm_75,compute_75] \
    -gencode arch=compute_90,code=[sm_90,compute_90] src/k.cu -o nvcc.fatbin
  expect_eq "$(cu --list-fatbin=k.fatbin | sed 's/k.fatbin/F/')" "$(cu --list-fatbin=nvcc.fatbin | sed 's/nvcc.fatbin/F/')" \
    "-fatbin: the entries of nvcc's"
else echo "note: no nvcc in $CUDA_PATH: -fatbin not compared with nvcc's"; fi
expect_eq "$(cu --list-fatbin=k.fatbin | wc -l)" 4 "-fatbin: two cubins, two PTX"

# clang's --cuda-device-only: -S the PTX, -c the cubin, or a fat binary for several sms.
cu --cuda-device-only -S --cuda-gpu-arch=sm_90 src/k.cu -o dev.ptx
check; cmp -s dev.ptx gpu.sm_90.ptx || fail "--cuda-device-only -S is -ptx"
cu --cuda-device-only -c --cuda-gpu-arch=sm_90 src/k.cu -o dev.o
expect_contains "$(readelf -h dev.o)" "NVIDIA CUDA architecture" "--cuda-device-only -c: a cubin"
cu --offload-device-only -c --offload-arch=sm_75 --offload-arch=sm_90 src/k.cu -o dev2.o
expect_eq "$(cu --list-fatbin=dev2.o | grep -c cubin)" 2 "--cuda-device-only -c, two sms: a fat binary"

# Dependencies name the device output; a failed compile writes nothing; no input is
# ever the output.
cu -ptx -arch=sm_90 -MD src/k.cu -o deps.ptx
expect_contains "$(cat deps.d)" "deps.ptx: src/k.cu" "-MD with -ptx: deps.d, its target the PTX"
printf '__global__ void bad(int* p) { p[0] = undeclared; }\n' > bad.cu
out=$(cu -cubin -arch=sm_90 bad.cu 2>&1); expect_eq "$?" 1 "-cubin of a bad source"
expect_contains "$out" "bad.cu:1:38: error: use of undeclared identifier 'undeclared'" "the error, located"
expect_no_file bad.cubin "no cubin"
printf 'extern __device__ int elsewhere(int);\n__global__ void k(int* p) { p[0] = elsewhere(1); }\n' > link.cu
out=$(cu -fatbin -arch=sm_90 link.cu 2>&1); expect_eq "$?" 1 "-fatbin with a missing device function"
expect_no_file link.fatbin "no fat binary"
cp src/k.cu keep.cu
out=$(cu -ptx -arch=sm_90 keep.cu -o keep.cu 2>&1); expect_eq "$?" 1 "-ptx -o SOURCE"
check; cmp -s keep.cu src/k.cu || fail "-ptx -o SOURCE left the source alone"
# -###: the plan stops where the output does.
out=$(cu -### -ptx -arch=sm_90 src/k.cu 2>&1)
expect_contains "$out" "-target-cpu sm_90" "-### -ptx: the device pass"
expect_not_contains "$out" "ptxas" "-### -ptx: no ptxas"
out=$(cu -### -cubin -arch=sm_90 src/k.cu 2>&1)
expect_contains "$out" "ptxas\" -arch=sm_90" "-### -cubin: ptxas"
expect_not_contains "$out" "fatbinary" "-### -cubin: no fat binary"
out=$(cu -ptx -cubin src/k.cu 2>&1); expect_contains "$out" "cannot be used together" "-ptx -cubin"
# -rdc with -cubin/-fatbin: nvcc's relocatable images, which nvlink links with other
# objects' (tests/gpu/builds/rdc_nvlink.sh runs what it links); libdevice comes along,
# circle's device runtime cannot.
printf '#include <cmath>\n__device__ float scale(float x) { return 2.0f * sqrtf(x); }\n' > scale.cu
printf '__device__ float scale(float x);\n__global__ void k(float* p) { p[0] = scale(p[1]); }\n' > user.cu
cu -rdc -cubin -arch=sm_90 scale.cu -o scale.cubin; expect_eq "$?" 0 "-rdc -cubin"
expect_contains "$(file scale.cubin)" "relocatable" "ptxas -c's relocatable cubin"
cu -rdc -fatbin -arch=sm_75,sm_90 user.cu -o user.fatbin; expect_eq "$?" 0 "-rdc -fatbin"
expect_eq "$(cu --list-fatbin=user.fatbin | wc -l)" 4 "-rdc -fatbin: two cubins, two PTX"
"$CUDA_PATH/bin/nvlink" -arch=sm_90 user.fatbin scale.cubin -o linked.cubin > nvlink.log 2>&1
expect_eq "$?" 0 "nvlink links them ($(cat nvlink.log))"
expect_contains "$(file linked.cubin)" "executable" "into an executable cubin"
cu -rdc -ptx -arch=sm_90 scale.cu -o scale.ptx
expect_not_contains "$(grep '.extern' scale.ptx)" "__nv_sqrtf" "libdevice's functions are in the object, as nvcc's"
out=$(cu -### -rdc -fatbin -arch=sm_90 scale.cu 2>&1)
expect_contains "$out" "ptxas\" -c -arch=sm_90" "-### -rdc -fatbin: ptxas -c"
expect_contains "$out" "--device-c" "-### -rdc -fatbin: a relocatable fat binary"
out=$(cu -### -rdc -c -arch=sm_90 scale.cu 2>&1)
expect_not_contains "$out" "ptxas" "-### -rdc -c: device code stays bitcode"
printf '#include <cstring>\n__global__ void k(int* o, const char* s) { o[0] = strlen(s); }\n' > uses_runtime.cu
out=$(cu -rdc -cubin -arch=sm_90 uses_runtime.cu -o uses_runtime.cubin 2>&1); expect_eq "$?" 1 "-rdc -cubin reaching circle's runtime fails"
expect_contains "$out" "uses_runtime.cu:2:17: error: 'k(int*, char const*)' calls 'strlen', which circle's device runtime provides: '-cubin' with -rdc writes device code for the toolkit's nvlink, which cannot link it" "at the function calling it, naming what it calls"
expect_no_file uses_runtime.cubin "no partial cubin"
finish
