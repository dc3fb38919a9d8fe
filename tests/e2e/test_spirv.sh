# The SPIR-V target (-spirv): [[spirv::comp]] kernels become Vulkan compute shaders in the
# executable, and run here on Mesa's lavapipe (setup.sh installs it) through circle/vulkan.hpp.
source "$(dirname "$0")/lib.sh"

cu -spirv --keep-temps "$EXAMPLES/vulkan_saxpy.cxx" -o vulkan_saxpy 2> saxpy.log
expect_eq "$(./vulkan_saxpy)" "saxpy on Vulkan: 100000 elements, 0 wrong; y[1] = 2.25, y[99999] = 1301.75" "saxpy through Vulkan"
kept=$(sed -n "s/.*intermediate files kept in '\(.*\)'/\1/p" saxpy.log)
expect_file "$kept/_Z5saxpyifPKfPf.spv" "--keep-temps keeps the shader"
expect_eq "$(spirv-val --target-env vulkan1.3 "$kept/_Z5saxpyifPKfPf.spv" 2>&1 && echo valid)" "valid" "spirv-val on the saxpy shader"
dis=$(spirv-dis "$kept/_Z5saxpyifPKfPf.spv")
expect_contains "$dis" "OpEntryPoint GLCompute %main \"main\"" "a GLCompute entry point"
expect_contains "$dis" "OpExecutionMode %main LocalSize 64 1 1" "local size from [[spirv::comp(64)]]"
expect_contains "$dis" "OpMemoryModel PhysicalStorageBuffer64 GLSL450" "buffer device addresses"
expect_contains "$dis" "OpTypePointer PhysicalStorageBuffer %float" "float* is a physical storage buffer pointer"
expect_contains "$dis" "Offset 16" "push constants laid out like the parameters"
expect_not_contains "$dis" "OpExtension" "a shader without float atomics declares no extension"
rm -rf "$kept"
expect_contains "$(readelf -SW vulkan_saxpy)" ".circle_spirv" "shaders in the executable's own section"
expect_contains "$(readelf -SW vulkan_saxpy)" "circle_spirv_entries" "entry-point table section"

cu -spirv --keep-temps "$EXAMPLES/vulkan_reduction.cxx" -o vulkan_reduction 2> reduction.log
expect_eq "$(./vulkan_reduction)" "reduction on Vulkan: 3907 workgroups, sum 199500000, expected 199500000" \
  "__shared__ reduction through Vulkan"
kept=$(sed -n "s/.*intermediate files kept in '\(.*\)'/\1/p" reduction.log)
dis=$(spirv-dis "$kept"/*.spv)
expect_eq "$(spirv-val --target-env vulkan1.3 "$kept"/*.spv 2>&1 && echo valid)" "valid" "spirv-val on the reduction shader"
expect_contains "$dis" "OpVariable %_ptr_Workgroup__arr_uint_uint_256 Workgroup" "__shared__ array is Workgroup memory"
# Workgroup scope, acquire-release on workgroup memory (0x108): what orders __shared__.
expect_contains "$dis" "OpControlBarrier %uint_2 %uint_2 %uint_264" "__syncthreads() is a workgroup barrier"
rm -rf "$kept"

# atomicAdd on float, on a buffer and on __shared__: OpAtomicFAddEXT under
# SPV_EXT_shader_atomic_float_add, which the shader declares only because it uses it.
cu -spirv --keep-temps "$EXAMPLES/vulkan_float_atomics.cxx" -o vulkan_float_atomics 2> atomics.log
expect_eq "$(./vulkan_float_atomics)" "bins: 373.5 376 375 374, all: 1498.5 (as on the host)" "float atomics through Vulkan"
kept=$(sed -n "s/.*intermediate files kept in '\(.*\)'/\1/p" atomics.log)
dis=$(spirv-dis "$kept"/*.spv)
expect_eq "$(spirv-val --target-env vulkan1.3 "$kept"/*.spv 2>&1 && echo valid)" "valid" "spirv-val on the float-atomic shader"
expect_contains "$dis" "OpExtension \"SPV_EXT_shader_atomic_float_add\"" "the extension is declared"
expect_contains "$dis" "OpAtomicFAddEXT %float" "atomicAdd on float"
rm -rf "$kept"

# One lambda, three backends: host, Vulkan (here), CUDA (built and checked by ptxas here,
# run on the GPU by tests/gpu).
cu -sm_75 -sm_90 -spirv "$EXAMPLES/transform.cxx" -o transform
out=$(./transform)
expect_contains "$out" "host:   checksum 3d7092d3 (target 0)" "transform on the host"
expect_contains "$out" "vulkan: checksum 3d7092d3 (target 2): same as host" "the same lambdas through Vulkan; if target(__is_spirv_target)"
expect_eq "$("$CIRCLE" --list-fatbin=transform | grep -c cubin)" 2 "transform's kernels also built for CUDA"

cu -spirv "$PROGRAMS/spirv_features.cxx" -o spirv_features
expect_eq "$(./spirv_features)" "walk: 40 lists, 0 wrong
mixed: out[0] = 2031, out[17] = 2032.41, out[127] = 2047.55
count: 608960 (expected 608960)" "pointer chasing, packed parameters, 2-D local size, doubles, atomics"

cu -spirv "$PROGRAMS/spirv_half.cxx" -o spirv_half
expect_eq "$(./spirv_half)" "half round trip on Vulkan: 4096 values, 0 differ from the host; out[5] = -756, out[11] = inf" \
  "__half conversions in a shader (once an internal error)"

# Constructs that ended in "internal error" are errors at the construct.
printf '#include <circle/vulkan.hpp>\n[[spirv::comp(64)]] void k(unsigned long long* p) { atomicAdd(p, 1ull); }\nint main() {}\n' > atomic64.cxx
expect_contains "$(cu -spirv atomic64.cxx -o x 2>&1)" "atomic64.cxx:2:53: error: SPIR-V entry point 'k' uses a 64-bit atomic operation" "64-bit atomics"
printf '#include <circle/vulkan.hpp>\n[[spirv::comp(64)]] void k(long long* p) { __int128 a = p[0]; a = a * a; p[1] = (long long)(a >> 64); }\nint main() {}\n' > int128.cxx
expect_contains "$(cu -spirv int128.cxx -o x 2>&1)" "int128.cxx:2:57: error: SPIR-V entry point 'k' uses __int128, which SPIR-V has no type for" "__int128"
out=$(cu -spirv "$CIRCLE_ROOT/tests/fuzz/corpus/spirv_goto_into_loop.cxx" -o x 2>&1) # a goto into a loop
expect_contains "$out" "spirv_goto_into_loop.cxx:7:3: error: SPIR-V entry point 'k' has a loop entered at more than one place (a goto into a loop)" "irreducible control flow"
expect_not_contains "$out" "internal error" "no internal error for these"
expect_no_file x "no executable after them"

# What a shader cannot do: an error at the construct naming it (through the calls that reach
# it from the entry point), no output.
err=$(cu -spirv "$PROGRAMS/spirv_unsupported.cxx" -o unsupported 2>&1); status=$?
expect_eq "$status" 1 "unsupported constructs fail the compile"
expect_no_file unsupported "no executable after errors"
at="$PROGRAMS/spirv_unsupported.cxx"
expect_contains "$err" "$at:5:67: error: SPIR-V entry point 'recursion' reaches 'fact(int)', which is recursive" "recursion"
expect_contains "$err" "$at:6:78: error: SPIR-V entry point 'fnptr' calls through a function pointer or a virtual function" "function pointer"
expect_contains "$err" "$at:8:81: error: SPIR-V entry point 'virt' calls through a function pointer or a virtual function" "virtual call"
expect_contains "$err" "$at:9:44: error: SPIR-V entry point 'print' uses printf" "printf"
expect_contains "$err" "$at:10:60: error: SPIR-V entry point 'alloc' uses malloc and free" "malloc"
expect_contains "$err" "$at:11:55: error: SPIR-V entry point 'newdel' uses operator new and delete" "new"
expect_contains "$err" "$at:13:61: error: SPIR-V entry point 'devvar' reaches the device variable 'counter'" "__device__ variable"
expect_contains "$err" "$at:15:48: error: SPIR-V entry point 'dynshared' uses dynamic shared memory" "extern __shared__"
expect_contains "$err" "$at:16:65: error: SPIR-V entry point 'shuffle' uses warp shuffles" "__shfl_sync"
expect_contains "$err" "$at:19:12: error: SPIR-V entry point 'mixed_memory' uses a pointer that may point to a buffer, a local" "pointer of unknown kind"
expect_contains "$err" "$at:22:25: error: SPIR-V entry point 'nested' uses printf" "printf in a function the kernel calls"
expect_contains "$err" "$at:23:32: note: reached through this call
   23 | void helper(int* out, int i) { log_value(out[i]); }" "the call that reaches it"
expect_contains "$err" "$at:24:45: note: reached through this call" "the kernel's call"
expect_contains "$err" "$at:25:48: error: SPIR-V entry point 'float_sub' uses a floating-point atomic other than atomicAdd ('fsub')" "float atomics other than add"
expect_eq "$(grep -c 'error:' <<< "$err")" 12 "one error per entry point, no echoes"
expect_eq "$(grep 'error:' <<< "$err" | cut -d: -f2 | tr '\n' ' ')" "5 6 8 9 10 11 13 15 16 19 22 25 " "in the order of the source"
expect_contains "$err" "5 | [[spirv::comp(64)]] void recursion(int* out) { out[threadIdx.x] = fact(threadIdx.x); }
      |                                                                   ^" "errors show the source line and a caret at the construct"

err=$(cu -spirv "$PROGRAMS/spirv_bad_attributes.cxx" -o bad_attributes 2>&1); status=$?
expect_eq "$status" 1 "bad attributes fail the compile"
at="$PROGRAMS/spirv_bad_attributes.cxx"
expect_contains "$err" "$at:4:3: error: unknown attribute 'comp': a compute shader entry point is [[spirv::comp(N)]]" "unscoped comp"
expect_contains "$err" "$at:5:15: error: the local size of [[spirv::comp]] is an integer constant from 1 to 1024" "zero local size"
expect_contains "$err" "$at:6:3: error: a [[spirv::comp]] workgroup has at most 1024 invocations" "oversized workgroup"
expect_contains "$err" "$at:7:25: error: a [[spirv::comp]] entry point returns void" "non-void entry point"
expect_contains "$err" "$at:8:14: error: [[spirv::comp]] applies to functions that are not class members" "member function"
err=$(cu -spirv -DPUSH_LIMIT_ONLY "$PROGRAMS/spirv_bad_attributes.cxx" -o bad_attributes 2>&1)
expect_contains "$err" "$at:2:26: error: the parameters of SPIR-V entry point 'toobig' take 144 bytes; push constants hold 128" "push-constant limit"
err=$(cu -spirv "$PROGRAMS/spirv_wide_parameter.cxx" -o wide 2>&1); status=$?
expect_eq "$status" 1 "a parameter push constants cannot carry fails the compile"
expect_contains "$err" "spirv_wide_parameter.cxx:2:26: error: SPIR-V entry point 'wide' cannot be made a shader: parameter 1 has a type circle cannot pass in push constants yet" "__int128 parameter"

# -gpu writes each entry point's shader as the sms' modules are written: SPIR-V
# assembly with -S, the lowered shader IR with -emit-llvm; templates by their symbol.
cu -spirv -gpu -S "$EXAMPLES/vulkan_saxpy.cxx" -o gpu_out
asm=$(cat gpu_out.saxpy.spvasm 2>/dev/null)
expect_contains "$asm" "OpEntryPoint GLCompute %main" "-gpu -S: the shader's assembly"
expect_contains "$asm" "OpExecutionMode %main LocalSize 64 1 1" "-gpu -S: its local size"
cu -spirv -sm_75 -gpu -S -emit-llvm "$EXAMPLES/transform.cxx" -o gpu_ir
expect_file gpu_ir.sm_75.ll "-gpu -emit-llvm with -spirv and -sm_75: the sm's module"
expect_eq "$(ls gpu_ir._Z16transform_kernel*.ll 2>/dev/null | wc -l)" 2 "one IR file per transform_kernel instantiation"
expect_contains "$(cat gpu_ir._Z16transform_kernel*.ll)" '"hlsl.shader"="compute"' "the lowered shader's entry"

# A shader module takes only what its shaders reach: an out-of-line constructor
# elsewhere in the file (an alias C1 = C2 kept it before) and one the shader calls.
cat > ctor_shader.cxx <<'SRC'
#include <cstdio>
struct Held { int a; int* p; Held(int x); };
Held::Held(int x) : a(x), p(nullptr) {}
struct V { float x; V(float a); float twice() const; };
V::V(float a) : x(a) {}
float V::twice() const { return 2 * x; }
[[spirv::comp(64)]] void shade(float* y) { V v(y[1]); y[0] = v.twice(); }
int main() { Held h(3); printf("%d\n", h.a); }
SRC
cu -spirv --keep-temps -c ctor_shader.cxx -o ctor_shader.o 2> ctor.log
expect_file ctor_shader.o "out-of-line constructors beside a shader"
kept=$(sed -n "s/.*intermediate files kept in '\(.*\)'/\1/p" ctor.log)
expect_eq "$(spirv-val --target-env vulkan1.3 "$kept"/*.spv 2>&1 && echo valid)" "valid" "spirv-val on the constructor's shader"
rm -rf "$kept"
# What Vulkan has no form for is an error at the construct, never a backend crash.
printf '#include <cmath>\n[[spirv::comp(64)]] void shade(double* y) { y[0] = log(y[1]); }\nint main() {}\n' > log_double.cxx
err=$(cu -spirv -c log_double.cxx -o log_double.o 2>&1)
expect_contains "$err" "log_double.cxx:2:52: error: SPIR-V entry point 'shade' uses log on double, which Vulkan's GLSL.std.450 has for float only" "log(double) in a shader"
printf '[[spirv::comp(64)]] void shade(unsigned* c) { atomicDec(c, 5u); }\nint main() {}\n' > atomic_dec.cxx
err=$(cu -spirv -c atomic_dec.cxx -o atomic_dec.o 2>&1)
expect_contains "$err" "atomic_dec.cxx:1:47: error: SPIR-V entry point 'shade' uses atomicInc or atomicDec" "atomicDec in a shader"
expect_not_contains "$err" "Stack dump" "no backend stack dump"

expect_contains "$(cu -spirv -rdc -sm_75 "$EXAMPLES/vulkan_saxpy.cxx" 2>&1)" "-spirv cannot be used with -rdc yet" "-spirv with -rdc"
finish
