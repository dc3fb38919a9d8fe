# Programs that run here (no GPU): plain C++, and CUDA programs whose kernels are not
# launched (the fat binary is registered at start-up without touching a GPU).
source "$(dirname "$0")/lib.sh"
"$CIRCLE" "$PROGRAMS/host_stl.cpp" -o host_stl && out=$(./host_stl)
expect_eq "${out:-}" "apple=3 banana=1 cherry=2
sorted: 1 2 3 5 8 13
total 32" "plain C++ program output"

"$CIRCLE" -O2 "$PROGRAMS/host_stl.cpp" -o host_stl_o2 && expect_eq "$(./host_stl_o2)" "${out:-}" "-O2 output"

cu -sm_75 -sm_90 "$PROGRAMS/host_only_code.cxx" -o host_only_code
expect_eq "$(./host_only_code 2>&1)" "rdtsc advances: 1
sqrt via SSE: 4
kernel registered, not launched" "CUDA program run without launching"

# The extension decides as with nvcc: .cu is CUDA, and so is circle's own .cxx (the
# guide's programs); .cpp/.cc go to the host's parse (no __CUDACC__, the toolkit's headers
# on the path), unless -x cu. Without --cuda-path every one is C++.
for ext in cu cxx; do
  cp "$EXAMPLES/hello.cxx" "hello_src.$ext"
  cu -sm_90 "hello_src.$ext" -o "hello_$ext"
  expect_eq "$("$CIRCLE" --list-fatbin="hello_$ext" | grep -c sm_90)" 2 ".$ext compiles as CUDA"
done
cp "$EXAMPLES/hello.cxx" hello_src.cpp
out=$(cu -sm_90 hello_src.cpp -o hello_cpp 2>&1)
expect_eq "$?" 1 "a .cpp with a kernel fails, as with nvcc"
expect_contains "$out" "circle: note: 'hello_src.cpp' is host C++, as nvcc compiles it; -x cu compiles it as CUDA" "the note says why and what to do"
expect_no_file hello_cpp "no executable"
cu -sm_90 -x cu hello_src.cpp -o hello_xcu
expect_eq "$("$CIRCLE" --list-fatbin=hello_xcu | grep -c sm_90)" 2 "-x cu makes it CUDA"
cat > host_side.cpp <<'SRC'
#include <cuda_runtime.h>
#include <cstdio>
int launch(int n);
int main() {
#ifdef __CUDACC__
  printf("__CUDACC__ ");
#endif
#ifdef __CUDA_ARCH__
  printf("__CUDA_ARCH__ ");
#endif
  printf("sizeof(dim3) %zu, ", sizeof(dim3));
  printf("%d\n", launch(0));
}
SRC
cat > kernels.cu <<'SRC'
__global__ void k() {}
int launch(int n) { if (n) k<<<1, 1>>>(); return 42; }
SRC
cu -sm_90 kernels.cu host_side.cpp -o mixed > build.log 2>&1
expect_eq "$?" 0 "a .cu and a host .cpp link together ($(cat build.log))"
expect_eq "$(./mixed)" "sizeof(dim3) 12, 42" "the .cpp's host view: no __CUDACC__, CUDA's types"
expect_eq "$("$CIRCLE" --list-fatbin=mixed | grep -c sm_90)" 2 "the .cu's device code"
# The toolkit's headers read in a host file as the host compiler reads them (cuBLAS's
# headers bring cuda_fp16.h, whose NV_IF_TARGET branches name device-only functions).
printf '#include <cuda_fp16.h>\n#include <cstdio>\nint main() { printf("%%.2f\\n", __half2float(__float2half(1.5f))); }\n' > fp16.cpp
cu -sm_90 fp16.cpp -o fp16 > build.log 2>&1
expect_eq "$?" 0 "cuda_fp16.h in a host .cpp ($(cat build.log))"
expect_eq "$(./fp16)" "1.50" "its host conversions"
cp "$PROGRAMS/host_stl.cpp" host_stl.cu
"$CIRCLE" host_stl.cu -o host_stl_cu
expect_eq "$(./host_stl_cu | tail -1)" "total 32" ".cu without --cuda-path is C++"

# -c writes an object carrying the fat binary; the system linker driver links it.
cu -sm_90 -c "$PROGRAMS/host_only_code.cxx" -o hoc.o
expect_eq "$("$CIRCLE" --list-fatbin=hoc.o)" "ELF file    1: hoc.o.1.sm_90.cubin
PTX file    1: hoc.o.1.sm_90.ptx" "object file fat binary"
c++ hoc.o -o hoc_linked -L"$CUDA_PATH/lib64" -lcudart_static -ldl -lpthread -lrt
expect_eq "$(./hoc_linked 2>&1 | tail -1)" "kernel registered, not launched" "object linked by hand"

# Host -S / -emit-llvm describe the host module, registration included.
cu -sm_90 -S "$PROGRAMS/host_only_code.cxx" -o hoc.s
expect_contains "$(cat hoc.s)" "__cudaRegisterFatBinary" "host assembly registers the fat binary"
expect_contains "$(cat hoc.s)" ".nv_fatbin" "host assembly has the .nv_fatbin section"
cu -sm_90 -S -emit-llvm "$PROGRAMS/host_only_code.cxx" -o hoc.ll
expect_contains "$(cat hoc.ll)" "call i32 @__cudaRegisterFunction" "host IR registers the kernel"
expect_contains "$(cat hoc.ll)" 'target triple = "x86_64' "host IR is x86-64"
cu -sm_90 -c -emit-llvm "$PROGRAMS/host_only_code.cxx" -o hoc.bc
expect_eq "$(head -c 2 hoc.bc)" "BC" "host bitcode"
finish
