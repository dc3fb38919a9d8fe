# A device module holds what its kernels reach and nothing else; host-only code that
# cannot compile for the GPU (x86 asm, SSE) never reaches the device.
source "$(dirname "$0")/lib.sh"
cu -sm_75 -sm_90 -S -gpu "$PROGRAMS/host_only_code.cxx" -o dev
for sm in 75 90; do
  ptx=$(cat dev.sm_$sm.ptx)
  expect_contains "$ptx" ".visible .entry _Z6kernelPi" "sm_$sm kernel"
  expect_not_contains "$ptx" "main" "sm_$sm has no main"
  expect_not_contains "$ptx" "host_cycles" "sm_$sm has no host-only function"
  expect_not_contains "$ptx" "host_sse" "sm_$sm has no SSE function"
done

cu -sm_75 -sm_90 -S -emit-llvm -gpu "$PROGRAMS/host_only_code.cxx" -o dev
expect_contains "$(cat dev.sm_75.ll)" 'target triple = "nvptx64-nvidia-cuda"' "device IR triple"
expect_contains "$(cat dev.sm_75.ll)" '"target-cpu"="sm_75"' "sm_75 IR is for sm_75"
expect_contains "$(cat dev.sm_90.ll)" '"target-cpu"="sm_90"' "sm_90 IR is for sm_90"
cu -sm_75 -sm_90 -c -emit-llvm -gpu "$PROGRAMS/host_only_code.cxx" -o dev
expect_eq "$(head -c 2 dev.sm_90.bc)" "BC" "device bitcode"

# libdevice: math in a kernel links to __nv_* and leaves nothing undefined.
cu -sm_90 -S -gpu "$PROGRAMS/device_math.cxx" -o math
ptx=$(cat math.sm_90.ptx)
expect_not_contains "$ptx" ".extern .func" "math kernel needs no external function"
check; "$CUDA_PATH/bin/ptxas" -arch=sm_90 math.sm_90.ptx -o math.cubin 2> ptxas.log || fail "ptxas math: $(cat ptxas.log)"

# Device-only built-ins in helpers: __device__ helpers and lambdas in kernels may call
# them, inline untagged ones may read threadIdx; other untagged functions are host
# code too, where they do not exist.
printf 'inline int tid() { return threadIdx.x; }\ntemplate <class T> __device__ void bump(T* p) { atomicAdd(p, T(1)); }\n__global__ void k(int* p) { auto l = [] { __syncthreads(); return 0; }; bump(p + tid() + l()); }\nint main() {}\n' > helpers.cxx
out=$(cu -sm_90 helpers.cxx -o helpers 2>&1)
expect_eq "$?" 0 "built-ins in __device__ helpers, inline helpers, lambdas ($out)"
printf 'int tid() { return threadIdx.x; }\n__global__ void k(int* p) { p[tid()] = 1; }\nint main() {}\n' > hosthelper.cxx
out=$(cu -sm_90 hosthelper.cxx -o hosthelper 2>&1)
expect_contains "$out" "hosthelper.cxx:1:30: error: reference to __device__ function '__fetch_builtin_x' in __host__ function" "a non-inline untagged helper is host code too"

# -G: device debug information through ptxas -g.
out=$(cu -sm_90 -G "$EXAMPLES/saxpy.cxx" -o saxpy_g 2>&1)
expect_eq "$?" 0 "-G builds ($out)"
cu -sm_90 -G -S -gpu "$EXAMPLES/saxpy.cxx" -o saxpy_g
check; grep -qE '^\s*\.section\s+\.debug_info' saxpy_g.sm_90.ptx || fail "-G PTX carries no .debug_info section"
finish
