# <stdio.h> streams in kernels, served by the host (libdevice-c/host_io/,
# targets/host/host_io.h; the GPU suite's device_stdio, stdio_rdc and stdio_fallback
# run them on a GPU). Here: what circle builds, the host half of the programs, and
# that a program whose device code does not use stdio carries none of it.
source "$(dirname "$0")/lib.sh"

src="$CIRCLE_ROOT/tests/gpu/cases/device_stdio.cxx"
out=$(cu -sm_75 -sm_90 "$src" -o st 2>&1)
expect_eq "$?" 0 "fprintf, fopen, fgets, fread, fseek... in a kernel compile ($out)"
# No GPU here: the host half runs, the launch fails, and the program still ends
# (the server thread starts only once a GPU gives the module a channel).
timeout 60 ./st > st.out 2> st.err
expect_eq "$?" 0 "the program ends normally without a GPU"
expect_eq "$(sed '/^kernel:/,$d' st.out)" "$(sed '/^device:/,$d' "$CIRCLE_ROOT/tests/gpu/expected/device_stdio.out")" \
  "its host half prints what the device half must"
expect_eq "$(cat st.err)" "host: stderr line" "the host half's stderr"
expect_contains "$(nm st)" "__circle_host_io_attach" "the program carries the host's server"
cu -sm_90 -S -gpu "$src" -o st > /dev/null 2>&1
expect_contains "$(grep '__circle_host_io_channel' st.sm_90.ptx | head -1)" ".visible .global" \
  "the device module keeps its channel variable for the host to register"

# Zero cost: no stdio in the device code, no channel, no server, no calls at launches.
cu -sm_75 -sm_90 "$EXAMPLES/saxpy.cxx" -o saxpy > /dev/null 2>&1
expect_eq "$(nm saxpy | grep -c 'host_io')" 0 "a program without device stdio has no server"
cu -sm_90 -S -gpu "$EXAMPLES/saxpy.cxx" -o saxpy > /dev/null 2>&1
expect_eq "$(grep -c 'host_io' saxpy.sm_90.ptx)" 0 "nor a channel variable"
# printf stays CUDA's: the stdio runtime does not come with it.
cat > printf_only.cxx <<'SRC'
#include <cstdio>
__global__ void k() { printf("%d\n", 1); }
int main() { k<<<1, 1>>>(); }
SRC
cu -sm_90 -S -gpu printf_only.cxx -o printf_only > /dev/null 2>&1
expect_eq "$(grep -c 'host_io' printf_only.sm_90.ptx)" 0 "device printf needs no channel"

# A host object built with -c links with the system's compiler driver, as nvcc's do:
# the server needs only libcudart and libc.
cu -sm_90 -c "$src" -o st.o > /dev/null 2>&1
g++ st.o -L"$CUDA_PATH/lib64" -lcudart -o st_gxx > gxx.log 2>&1
expect_eq "$?" 0 "g++ links the object ($(cat gxx.log))"

# Two whole-program objects that both use device stdio: each carries the server, the
# program keeps one copy (linkonce_odr, hidden).
bash "$CIRCLE_ROOT/tests/gpu/builds/stdio_two_objects.sh" "$work" "$CIRCLE" "$CUDA_PATH" > two.log 2>&1
expect_eq "$?" 0 "two objects with device stdio link ($(cat two.log))"
expect_eq "$(nm stdio_two_objects | grep -c 'circle_host_io_server3runEPv')" 1 "one server in the program"

# -rdc: the objects call the link's attach through a weak reference; the link defines
# it only for device code that uses stdio.
bash "$CIRCLE_ROOT/tests/gpu/builds/stdio_rdc.sh" "$work" "$CIRCLE" "$CUDA_PATH" > rdc.log 2>&1
expect_eq "$?" 0 "the -rdc program links ($(cat rdc.log))"
expect_contains "$(nm stdio_rdc | grep ' T __circle_host_io_linked_attach\| t __circle_host_io_linked_attach')" \
  "__circle_host_io_linked_attach" "its link defines the attach function"
expect_eq "$(nm stdio_rdc.writer.o | grep '__circle_host_io_linked_attach' | awk '{print $1}')" "w" \
  "an object refers to it weakly"
cat > rdc_plain.cxx <<'SRC'
__global__ void k(int* p) { *p = 1; }
int main() { int* p = nullptr; k<<<1, 1>>>(p); }
SRC
cu -sm_90 -rdc -c rdc_plain.cxx -o rdc_plain.o > /dev/null 2>&1 && cu -sm_90 rdc_plain.o -o rdc_plain > rdc_plain.log 2>&1
expect_eq "$?" 0 "an -rdc program without device stdio links ($(cat rdc_plain.log))"
expect_eq "$(nm rdc_plain | grep -c '__circle_host_io_attach\|circle_host_io_server')" 0 "and carries no server"

# The server is part of the installation, beside the device runtime: without it, a
# clear error and no output.
mkdir -p lonely
cp "$(dirname "$CIRCLE")/../lib/circle/device_runtime.bc" lonely/
out=$(CIRCLE_DEVICE_RUNTIME=$work/lonely/device_runtime.bc cu -sm_90 "$src" -o no_server 2>&1); rc=$?
expect_eq "$rc" 1 "missing host stdio server exit status"
expect_contains "$out" "circle: error: cannot read circle's host stdio server '$work/lonely/host_io.bc'" "missing host stdio server"
expect_no_file no_server "missing host stdio server leaves no output"

# What the device's stdio does not have yet is still the usual error at the kernel.
cat > scanf.cxx <<'SRC'
#include <cstdio>
__global__ void k(int* o) { fscanf(stdin, "%d", o); }
int main() {}
SRC
out=$(cu -sm_90 scanf.cxx -o scanf 2>&1)
expect_eq "$?" 1 "fscanf in a kernel is an error"
expect_contains "$out" "scanf.cxx:2:17: error: kernel 'k(int*)' reaches '__isoc99_fscanf', which has no device definition" \
  "naming the function"

finish
