# [[storage_only]]: storage without implicit construction or destruction. The seed's
# host program prints the seed's output; device and shared objects of library types
# compile (the GPU suite runs vec and storage_only_shared); misuse is a diagnostic.
source "$(dirname "$0")/lib.sh"
cu -sm_90 "$EXAMPLES/storage_only.cxx" -o so > build.log 2>&1
expect_eq "$?" 0 "storage_only.cxx compiles ($(cat build.log))"
expect_eq "$(./so)" "$(cat "$CIRCLE_ROOT/tests/gpu/expected/storage_only.out")" "constructed and destroyed once, by main"
"$CIRCLE" "$EXAMPLES/storage_only.cxx" -o so_plain > build.log 2>&1
expect_eq "$(./so_plain | tail -2 | head -1)" "Destructor called" "also without --cuda-path (plain C++)"
expect_eq "$(./so_plain | grep -c 'Destructor called')" 1 "no exit-time destructor"

for src in "$EXAMPLES/vec.cxx" "$CIRCLE_ROOT/tests/gpu/cases/storage_only_shared.cxx"; do
  out=$(cu -sm_75 -sm_90 -S -gpu "$src" -o dev 2>&1)
  expect_eq "$?" 0 "$(basename "$src") compiles ($out)"
  check; "$CUDA_PATH/bin/ptxas" -arch=sm_90 dev.sm_90.ptx -o dev.cubin 2> ptxas.log || fail "ptxas: $(cat ptxas.log)"
done
# The device object is registered with its full size and no host-side destructor runs.
cu -sm_90 -S -emit-llvm "$EXAMPLES/vec.cxx" -o vec.ll > /dev/null 2>&1
expect_contains "$(grep -a '__cudaRegisterVar' vec.ll)" "@global_vec, ptr @4, ptr @4, i32 0, i64 24," "global_vec registered, 24 bytes"
expect_eq "$(grep -ac 'call i32 @__cxa_atexit' vec.ll)" 0 "no exit-time destructor for global_vec"

# Without the attribute, CUDA's error says what to do.
printf '#include <vector>\n__device__ std::vector<int> v;\nint main() {}\n' > plain.cxx
out=$(cu -sm_90 plain.cxx -o plain 2>&1)
expect_contains "$out" "plain.cxx:2:29: error: dynamic initialization is not supported for __device__, __constant__, __shared__, and __managed__ variables; declare it [[storage_only]] and construct it with placement new in a kernel" "the __device__ error suggests storage_only"
# A function's __shared__ object is not constructed, as with nvcc (which warns too);
# a type whose constructor is trivial (cuda::barrier) gets no warning.
printf '#include <vector>\n__global__ void k() { __shared__ std::vector<int> v; }\nint main() {}\n' > shared.cxx
out=$(cu -sm_90 shared.cxx -o shared 2>&1); expect_eq "$?" 0 "a __shared__ object with a constructor compiles, as with nvcc"
expect_contains "$out" "shared.cxx:2:51: warning: __shared__ object 'v' is not constructed (as with nvcc: a __shared__ variable has no dynamic initialization); declare it [[storage_only]] and construct it with placement new" "the warning suggests storage_only"
printf '#include <vector>\n__global__ void k() { [[storage_only]] __shared__ std::vector<int> v; new (&v) std::vector<int>(); }\nint main() {}\n' > explicit.cxx
expect_eq "$(cu -sm_90 explicit.cxx -o explicit 2>&1)" "" "[[storage_only]] says it: no warning"
printf '#include <cuda/barrier>\n__global__ void k() { __shared__ cuda::barrier<cuda::thread_scope_block> b; init(&b, 1); b.arrive_and_wait(); }\nint main() {}\n' > barrier.cxx
expect_eq "$(cu -sm_90 barrier.cxx -o barrier 2>&1)" "" "__shared__ cuda::barrier: as with nvcc, no warning"

# The same in templates (a kernel template, a dependent type, a class template's member):
# as nvcc, a warning per instantiation, and the object is not constructed or destroyed.
cat > tmpl.cu <<'EOF'
struct Bar { int v; __device__ Bar() : v(7) {} __device__ ~Bar() { v = 0; } };
struct Pod { int v; };
template <int N> __global__ void k(int* out) { __shared__ Bar b; out[threadIdx.x] = b.v + N; }
template <class T> __global__ void kt(int* out) {
  __shared__ T b;
  __shared__ float plain[4];
  if (threadIdx.x == 0) b.v = 5;
  __syncthreads();
  auto f = [&] { return b.v; };
  out[threadIdx.x] = f() + int(plain[0]) * 0;
}
template <class T> struct S { __device__ int g() { __shared__ T x; return x.v; } };
template <class T> __global__ void km(int* out) { out[0] = S<T>{}.g(); }
template __global__ void k<1>(int*);
template __global__ void kt<Bar>(int*);
template __global__ void kt<Pod>(int*);
template __global__ void km<Bar>(int*);
template <class T> __global__ void kx(T* out) { extern __shared__ T dyn[]; dyn[threadIdx.x] = T(); out[0] = dyn[1]; }
template __global__ void kx<float>(float*);
EOF
out=$(cu -sm_90 -c tmpl.cu -o tmpl.o 2>&1); expect_eq "$?" 0 "__shared__ objects with constructors in templates compile, as with nvcc ($out)"
expect_contains "$out" "tmpl.cu:3:63: warning: __shared__ object 'b' is not constructed" "a kernel template's object"
expect_contains "$out" "tmpl.cu:5:16: warning: __shared__ object 'b' is not constructed" "a dependent type's object"
expect_contains "$out" "tmpl.cu:12:65: warning: __shared__ object 'x' is not constructed" "a class template member's object"
expect_eq "$(grep -c 'is not constructed' <<< "$out")" 3 "no warning for Pod (trivial)"
cu -sm_90 --cuda-device-only -S tmpl.cu -o tmpl.ptx > /dev/null 2>&1
expect_eq "$(grep -cE '^\s*\.shared .*_ZZ2ktI3(Bar|Pod)EvPiE1b' tmpl.ptx)" 2 "kt's objects are __shared__ ($(grep '\.shared' tmpl.ptx))"
expect_contains "$(cat tmpl.ptx)" ".extern .shared .align 16 .b8 dyn[];" "a template's extern __shared__ array stays extern (aligned 16, as nvcc declares it)"
expect_eq "$(grep -cE 'st\.shared\.(b|u)32\s+\[_ZZ[^]]*\], (7|0);' tmpl.ptx)" 0 "neither constructed nor destroyed"
printf 'struct Bar { int v; __device__ Bar() : v(7) {} };\ntemplate <class T> __global__ void k(int* o) {\n  __shared__ T b;\n  o[0] = [=] { return b.v; }();\n}\ntemplate <class T> __global__ void k2() { __shared__ T c = T(); }\ntemplate __global__ void k<Bar>(int*);\ntemplate __global__ void k2<Bar>();\n' > tmpl_bad.cu
out=$(cu -sm_90 -c tmpl_bad.cu -o tmpl_bad.o 2>&1); expect_eq "$?" 1 "a copy of the object or an initializer in a template fails"
expect_contains "$out" "tmpl_bad.cu:4:23: error: a lambda in a template copies the __shared__ object 'b', whose type has a constructor or destructor: not supported; capture it by reference" "a by-copy capture is an error, not a silent copy"
expect_contains "$out" "tmpl_bad.cu:6:56: error: initialization is not supported for __shared__ variables" "an initializer stays an error"
# Objects of a known type with neither stay static: a by-copy lambda refers to them, as
# before, with no error.
printf 'template <class T> __global__ void k(T* o) {\n  __shared__ float s[4];\n  s[threadIdx.x] = 1;\n  __syncthreads();\n  o[0] = [=] { return s[1]; }();\n}\ntemplate __global__ void k<float>(float*);\n' > tmpl_trivial.cu
out=$(cu -sm_90 --cuda-device-only -S tmpl_trivial.cu -o tmpl_trivial.ptx 2>&1); expect_eq "$?" 0 "a trivial __shared__ array captured by copy in a template ($out)"
expect_eq "$(grep -c '^\s*\.shared' tmpl_trivial.ptx)" 1 "it stays __shared__ ($(grep '\.shared' tmpl_trivial.ptx))"

# Misuse.
printf 'struct S { S(int) {} ~S() {} };\n[[storage_only]] S a = S(1);\nvoid f() {\n  [[storage_only]] S b;\n}\nint main() {}\n' > bad.cxx
out=$("$CIRCLE" bad.cxx -o bad 2>&1); rc=$?
expect_eq "$rc" 1 "misuse fails"
expect_contains "$out" "bad.cxx:2:20: error: a [[storage_only]] object has no initializer: construct it with placement new" "an initializer"
expect_contains "$out" "bad.cxx:4:22: error: [[storage_only]] applies to objects with static storage" "an automatic object"
check; [ ! -e bad ] || fail "no output after an error"
printf '[[storage_only]] void g();\ntemplate <class T> void f() { [[storage_only]] static T x; }\nint main() {}\n' > bad2.cxx
out=$("$CIRCLE" bad2.cxx -o bad2 2>&1)
expect_contains "$out" "bad2.cxx:1:3: error: [[storage_only]] applies to objects" "a function"
expect_contains "$out" "bad2.cxx:2:57: error: [[storage_only]] in a template is not supported yet" "a template"
finish
