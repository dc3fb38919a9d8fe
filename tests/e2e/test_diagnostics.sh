# Bad input: a diagnostic, exit status 1, and no output file left behind.
source "$(dirname "$0")/lib.sh"
fails_with() { # expected-message description -- circle args...
  local msg="$1" what="$2"; shift 3
  rm -f out out.*
  local out; out=$("$@" -o out 2>&1); local rc=$?
  expect_eq "$rc" 1 "$what exit status"
  expect_contains "$out" "$msg" "$what message"
  check; [ -z "$(ls out out.* 2>/dev/null)" ] || fail "$what left output: $(ls out*)"
}

printf 'int main() {\n  return 0\n}\n' > syntax.cxx
fails_with "syntax.cxx:2:11: error: expected ';' after return statement" "syntax error" -- cu -sm_90 syntax.cxx
out=$(cu -sm_90 syntax.cxx -o out 2>&1)
expect_contains "$out" "    2 |   return 0" "syntax error shows the line"
expect_contains "$out" "      |           ^" "syntax error shows a caret"

fails_with "circle: error: unknown option '-frobnicate'" "unknown option" -- cu -sm_90 -frobnicate syntax.cxx
fails_with "circle: error: no such file: 'missing.cxx'" "missing file" -- cu -sm_90 missing.cxx
fails_with "unsupported GPU architecture '-sm_52'" "unsupported sm" -- cu -sm_52 "$EXAMPLES/hello.cxx"
fails_with "(supported: sm_75 " "unsupported sm lists the supported ones" -- cu -sm_52 "$EXAMPLES/hello.cxx"
fails_with "no usable CUDA toolkit at '/no/such/cuda' (from --cuda-path): not a directory" "missing CUDA path" -- \
  "$CIRCLE" --cuda-path=/no/such/cuda -sm_90 "$EXAMPLES/hello.cxx"
fails_with "not a CUDA toolkit: ptxas not found" "CUDA path without a toolkit" -- \
  "$CIRCLE" --cuda-path="$work" -sm_90 "$EXAMPLES/hello.cxx"
CUDA_PATH=/no/such/cuda CUDA_HOME= fails_with "no usable CUDA toolkit at '/no/such/cuda' (from \$CUDA_PATH)" \
  "CUDA_PATH without a toolkit" -- "$CIRCLE" -sm_90 "$EXAMPLES/hello.cxx"

# A kernel that reaches a function nothing defines for the device: the error points
# at the kernel, names the function, and no executable appears.
cat > undefined.cxx <<'SRC'
int defined_elsewhere(int);
__global__ void uses_it(int* p) {
  p[0] = defined_elsewhere(3);
}
int main() {}
SRC
fails_with "undefined.cxx:2:17: error: kernel 'uses_it(int*)' reaches 'defined_elsewhere(int)', which has no device definition for sm_75" \
  "undefined device function" -- cu -sm_75 -sm_90 undefined.cxx

# Not only kernels: a device function whose address a device variable holds (a cuFFT
# callback's `__device__ cufftCallbackLoadC p = f;`) is read by the host too; what it
# reaches undefined is an error there, not ptxas's "Unresolved extern function" (a
# mutant of cuda-samples' simpleCUFFT_callback found it, fuzz seed 71).
cat > held_address.cxx <<'SRC'
static __device__ float scale_of(float);
typedef float (*callback_t)(float);
static __device__ float callback(float x) { return scale_of(x) * 2; }
__device__ callback_t held = callback;
int main() {}
SRC
fails_with "held_address.cxx:3:25: error: 'callback(float)', whose address device variable 'held' holds, reaches 'scale_of(float)', which has no device definition for sm_90" \
  "undefined function reached from a device variable's initializer" -- cu -sm_90 held_address.cxx

# __host__ keeps its meaning: a kernel may not call a function the user marked host-only.
cat > host_tag.cxx <<'SRC'
__host__ int host_only(int x) { return x + 1; }
__host__ __device__ int both(int x) { return x * 2; }
int untagged(int x) { return x - 1; }
__global__ void k(int* p) {
  p[0] = host_only(p[1]) + both(p[2]) + untagged(p[3]);
}
int main() { return host_only(1) + both(2) + untagged(3) == 8 ? 0 : 1; }
SRC
fails_with "host_tag.cxx:4:17: error: kernel 'k(int*)' calls 'host_only(int)', which is declared __host__ (host only)" \
  "kernel calling a __host__ function" -- cu -sm_90 host_tag.cxx
out=$(cu -sm_90 host_tag.cxx -o out 2>&1)
expect_contains "$out" "host_tag.cxx:1:14: note: 'host_only' declared __host__ here" "note at the __host__ function"
sed -i 's/host_only(p\[1\]) + //' host_tag.cxx
out=$(cu -sm_90 host_tag.cxx -o host_tag 2>&1)
expect_eq "$?" 0 "untagged and __host__ __device__ functions are callable from kernels ($out)"
check; ./host_tag || fail "host_tag host program"

# An error in a kernel's body is reported once, at its location, not once per target.
printf '__global__ void k(int* p) {\n  p[0] = undeclared;\n}\nint main() {}\n' > sema.cxx
out=$(cu -sm_75 -sm_90 sema.cxx -o out 2>&1)
expect_eq "$(grep -c "sema.cxx:2:10: error: use of undeclared identifier 'undeclared'" <<< "$out")" 1 "semantic error reported once"
expect_contains "$out" "1 error generated." "error count"
# An operation an sm does not have (warp reduce needs sm_80) stops in LLVM's backend:
# a circle error naming the target, exit status 1, nothing left behind, no crash dump.
printf '__global__ void k(int* p) { p[threadIdx.x] = __reduce_add_sync(0xffffffffu, 1); }\nint main() {}\n' > redux.cxx
fails_with "redux.cxx:1:46: error: generating PTX for sm_75: Cannot select: intrinsic %llvm.nvvm.redux.sync.add" \
  "an intrinsic sm_75 lacks, at the call" -- cu -sm_75 -sm_90 redux.cxx
out=$(cu -sm_75 redux.cxx -o out 2>&1)
expect_contains "$out" "    1 | __global__ void k(int* p) { p[threadIdx.x] = __reduce_add_sync(0xffffffffu, 1); }" "the line of the call"
# Through a __device__ helper: the helper's call, not Clang's wrapper in its header.
printf '__device__ int sum(int v) {\n  return __reduce_add_sync(0xffffffffu, v);\n}\n__global__ void k(int* p) { p[0] = sum(p[1]); }\nint main() {}\n' > redux2.cxx
fails_with "redux2.cxx:2:10: error: generating PTX for sm_75: Cannot select" "an intrinsic sm_75 lacks, in a helper" -- cu -sm_75 -sm_90 redux2.cxx
out=$(cu -sm_75 redux.cxx -o out 2>&1)
expect_contains "$out" "'if target(__nvvm_current_device_sm >= NN)'" "the note shows if target"
expect_not_contains "$out" "Stack dump" "no crash dump"
# The device libraries are part of the installation: without them, a clear error.
out=$(CIRCLE_DEVICE_RUNTIME=/no/such/device_runtime.bc cu -sm_90 "$EXAMPLES/hello.cxx" -o out 2>&1); rc=$?
expect_eq "$rc" 1 "missing device runtime exit status"
expect_contains "$out" "circle: error: cannot read circle's device runtime '/no/such/device_runtime.bc'" "missing device runtime"
expect_no_file out "missing device runtime leaves no output"
finish
