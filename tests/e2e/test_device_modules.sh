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

# Device-only built-ins in helpers: __device__ helpers, lambdas, inline and ordinary
# untagged functions may all use them (an untagged function is __host__ __device__).
printf 'inline int tid() { return threadIdx.x; }\ntemplate <class T> __device__ void bump(T* p) { atomicAdd(p, T(1)); }\n__global__ void k(int* p) { auto l = [] { __syncthreads(); return 0; }; bump(p + tid() + l()); }\nint main() {}\n' > helpers.cxx
out=$(cu -sm_90 helpers.cxx -o helpers 2>&1)
expect_eq "$?" 0 "built-ins in __device__ helpers, inline helpers, lambdas ($out)"

# Ordinary untagged helpers that need the GPU exist on the GPU only: no host symbol,
# a device function each sm's PTX calls or inlines; host code keeps what it uses.
cu -sm_75 -sm_90 -c "$EXAMPLES/untagged_device_helpers.cxx" -o helpers.o
syms=$(nm -C helpers.o)
expect_contains "$syms" " T square(int)" "a helper host code uses is a host function too"
for f in lane_id warp_id warp_sum block_sum accumulate; do
  expect_not_contains "$syms" "$f(" "'$f' needs the GPU: no host definition"
done
cu -sm_75 -sm_90 -S -gpu "$EXAMPLES/untagged_device_helpers.cxx" -o helpers
for sm in 75 90; do
  ptx=$(cat helpers.sm_$sm.ptx)
  expect_contains "$ptx" "shfl.sync.down" "sm_$sm: the warp shuffle of an untagged helper"
  expect_contains "$ptx" "bar.sync" "sm_$sm: its barrier"
  expect_contains "$ptx" ".shared" "sm_$sm: its __shared__ array"
  expect_contains "$ptx" "atom.global.add" "sm_$sm: its atomicAdd"
  check; "$CUDA_PATH/bin/ptxas" -arch=sm_$sm helpers.sm_$sm.ptx -o helpers.cubin 2> ptxas.log || fail "ptxas sm_$sm: $(cat ptxas.log)"
done

# Host code that reaches one of them: an error at the construct, the calls from the
# host as notes, no output.
out=$(cu -sm_90 "$PROGRAMS/untagged_host_reach.cxx" -o reach 2>&1); status=$?
at="$PROGRAMS/untagged_host_reach.cxx"
expect_eq "$status" 1 "host code reaching a GPU-only helper fails the compile"
expect_no_file reach "no executable after the error"
expect_contains "$out" "$at:4:31: error: reference to the GPU's built-in variable 'threadIdx.x' in __host__ __device__ function (it exists on the GPU only)" "threadIdx named as written"
expect_contains "$out" "$at:5:23: note: called by 'helper'" "the chain: helper"
expect_contains "$out" "$at:12:31: note: called by 'main'" "the chain: main"
expect_contains "$out" "$at:7:21: error: reference to __device__ function 'atomicAdd' in __host__ __device__ function" "atomicAdd from host code"
expect_contains "$out" "$at:11:3: note: called by 'main'" "bump's caller"
expect_not_contains "$out" "__fetch_builtin" "no header internals"
expect_eq "$(grep -c 'error:' <<< "$out")" 2 "one error per construct reached from the host"

# A reference Clang's deferred diagnostics do not follow (a global's initializer) is
# an error at the function, not an undefined symbol at the link.
printf 'int lane() { return threadIdx.x & 31; }\nint (*pick)() = lane;\n__global__ void k(int* o) { o[0] = lane(); }\nint main() { return pick != nullptr; }\n' > pointer.cxx
out=$(cu -sm_90 pointer.cxx -o pointer 2>&1)
expect_contains "$out" "pointer.cxx:1:5: error: 'lane' exists on the GPU only (it reaches a construct the host does not have), but the initializer of 'pick' refers to it" "a GPU-only function's address in a host global"
expect_no_file pointer "no executable"

out=$(cu -sm_75 -sm_90 "$PROGRAMS/untagged_host_math.cxx" -o host_math 2>&1)
expect_eq "$?" 0 "host math in untagged functions keeps the host's overloads ($out)"
expect_eq "$(./host_math)" "9 4 5.1642 12" "and computes what the host's libm does"

# `if target`: what the host's branch leaves out is never generated for the host, so
# host code may call the function; the host's own branch may not use the GPU's.
out=$(cu -sm_75 -sm_90 "$PROGRAMS/untagged_if_target.cxx" -o if_target 2>&1)
expect_eq "$?" 0 "GPU-only constructs in the branch the host does not take ($out)"
expect_eq "$(./if_target)" "host: -1 2.5" "the host runs its own branches"
out=$(cu -sm_90 "$PROGRAMS/untagged_if_target_live.cxx" -o if_target_live 2>&1)
expect_contains "$out" "untagged_if_target_live.cxx:3:48: error: reference to the GPU's built-in variable 'threadIdx.x'" "in the host's branch it is an error"
expect_contains "$out" "untagged_if_target_live.cxx:7:21: note: called by 'main'" "with the host's call"

out=$(cu -sm_90 "$PROGRAMS/untagged_redeclarations.cxx" -o redecl 2>&1)
expect_eq "$?" 0 "a redeclared host function and a prototype defined __device__ ($out)"
expect_eq "$(./redecl)" "redeclarations compile" "and it runs"

# -G: device debug information through ptxas -g.
out=$(cu -sm_90 -G "$EXAMPLES/saxpy.cxx" -o saxpy_g 2>&1)
expect_eq "$?" 0 "-G builds ($out)"
cu -sm_90 -G -S -gpu "$EXAMPLES/saxpy.cxx" -o saxpy_g
check; grep -qE '^\s*\.section\s+\.debug_info' saxpy_g.sm_90.ptx || fail "-G PTX carries no .debug_info section"
# __cluster_dims__ (sm_90 thread block clusters): Clang's NVPTX code generation drops
# it; circle's device passes keep it, as nvcc's PTX has it.
cat > cluster.cu <<'CU'
#include <cooperative_groups.h>
__global__ void __cluster_dims__(2, 1, 1) pair(int* out) {
  __shared__ int mine;
  auto cluster = cooperative_groups::this_cluster();
  mine = int(cluster.block_rank());
  cluster.sync();
  out[blockIdx.x] = *cluster.map_shared_rank(&mine, cluster.block_rank() ^ 1);
}
template <int N> __global__ void __cluster_dims__(N, 2) grid(int* out) { out[0] = N; }
template __global__ void grid<4>(int*);
CU
cu -sm_90 -S -gpu cluster.cu -o cluster
ptx=$(cat cluster.sm_90.ptx)
expect_contains "$ptx" ".explicitcluster" "__cluster_dims__: an explicit cluster"
expect_contains "$ptx" ".reqnctapercluster 2, 1, 1" "__cluster_dims__(2, 1, 1)"
expect_contains "$ptx" ".reqnctapercluster 4, 2, 1" "a template's __cluster_dims__(N, 2), N = 4"
expect_contains "$ptx" "mapa" "cluster.map_shared_rank (cooperative_groups' cluster API)"
# With sm_75 among the targets, cooperative_groups' cluster API is not declared for
# sm_75 (nvcc's sm_75 pass has none either): unguarded, an error, as with nvcc.
out=$(cu -sm_75 -sm_90 cluster.cu -o cluster_prog 2>&1); expect_eq "$?" 1 "the cluster API with sm_75 among the targets"
expect_contains "$out" "cluster.cu:4:38: error: no member named 'this_cluster' in namespace 'cooperative_groups'" "as nvcc's sm_75 pass says"
expect_not_contains "$out" "circle reads them for sm_75" "sm_75's own pass said it, not the one pass"
expect_contains "$out" "note: the errors above are from the front-end pass for sm_75" "and says whose pass it was"
expect_no_file cluster_prog "no program"
# Guarded by __CUDA_ARCH__ >= 900 it compiles, as with nvcc: the one pass reads
# cooperative_groups' features for sm_75 (frontend/toolkit_headers.h) and fails, so each
# target's pass reads them for its own sm; sm_90's keeps elect.sync in invoke_one.
cat > guarded_cluster.cu <<'CU'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void ranks(int* out) {
#if __CUDA_ARCH__ >= 900
  out[blockIdx.x] = int(cg::this_cluster().block_rank()) + 100;
#else
  out[blockIdx.x] = int(blockIdx.x);
#endif
}
__global__ void elect(int* out) {
  cg::invoke_one(cg::tiled_partition<32>(cg::this_thread_block()), [&] { atomicAdd(out, 1); });
}
int main() { ranks<<<1, 1>>>(nullptr); elect<<<1, 32>>>(nullptr); }
CU
out=$(cu -sm_75 -sm_90 -Rcircle-passes guarded_cluster.cu -o guarded_cluster 2>&1)
expect_eq "$?" 0 "the cluster API guarded by __CUDA_ARCH__ >= 900 with sm_75 among the targets ($out)"
expect_file guarded_cluster "a program"
expect_contains "$out" "remark: compiled in 2 front-end passes: from here on sm_75 reads this source differently from the host" "sm_75 in a pass of its own"
expect_contains "$out" "cooperative_groups/details/info.h chooses features by target; the one pass, which reads them for sm_75, the oldest target, did not compile" "the remark says why"
cu -sm_75 -sm_90 -S -gpu guarded_cluster.cu -o guarded_cluster
expect_eq "$(grep -c 'elect.sync' guarded_cluster.sm_90.ptx)" 1 "sm_90's invoke_one elects"
expect_eq "$(grep -c 'elect.sync' guarded_cluster.sm_75.ptx)" 0 "sm_75's does not"
grep -q '%clusterid\|%cluster_ctarank' guarded_cluster.sm_90.ptx || fail "sm_90 reads its cluster rank"
if grep -q '%cluster' guarded_cluster.sm_75.ptx; then fail "sm_75 has no clusters"; fi
cat > cluster_dims.cu <<'CU'
__global__ void __cluster_dims__(2, 1, 1) pair(int* out) { out[blockIdx.x] = 1; }
int main() {}
CU
out=$(cu -sm_75 -sm_90 cluster_dims.cu -o cluster_dims 2>&1); expect_eq "$?" 1 "__cluster_dims__ for sm_75"
expect_contains "$out" "cluster_dims.cu:1:17: error: kernel 'pair' is declared __cluster_dims__, and sm_75 has no thread block clusters" "said at the kernel"
expect_no_file cluster_dims "no program"
finish
