# The preamble cache (frontend/preamble_pch.h): a configuration's PCH is built at its
# second compile, serves the compiles after it (other sources too), changes nothing in
# what is generated, follows its headers, and is not used where it must not be.
source "$(dirname "$0")/lib.sh"
export CIRCLE_CACHE_DIR="$work/cache"
dir="$CIRCLE_CACHE_DIR/preamble"
cat > a.cu <<'SRC'
#include <cstdio>
__global__ void k(int* p) { static __device__ int c; p[threadIdx.x] = ++c + __nvvm_current_device_sm; }
int main() { std::printf("%d\n", (int)__is_host_target); }
SRC
sed 's/++c/c--/' a.cu > b.cu
count() { ls "$dir" 2>/dev/null | grep -c "\.$1\$"; }
out=$(cu -sm_90 -ftime-report a.cu -o a1 2>&1)
expect_eq "$(count seen)" 1 "a first compile marks its configuration"
expect_eq "$(count pch)" 0 "a first compile builds no PCH"
expect_not_contains "$out" "preamble PCH" "no PCH phase at a first compile"
out=$(cu -sm_90 -ftime-report a.cu -o a2 2>&1)
expect_contains "$out" "phase preamble PCH" "the second compile builds the PCH"
expect_eq "$(count pch)" 1 "one PCH"
expect_eq "$(count inputs)" 1 "with its list of headers"
expect_contains "$(cat "$dir"/*.inputs)" "__clang_cuda_runtime_wrapper.h" "the list names Clang's CUDA wrapper"
out=$(cu -sm_90 -ftime-report b.cu -o b 2>&1); rc=$?
expect_eq "$rc" 0 "another source compiles with it"
expect_not_contains "$out" "preamble PCH" "another source uses the PCH, builds none"
expect_eq "$(./a2)" "1" "the program runs"
# What is generated is the same with and without it.
cu -sm_90 -S -gpu b.cu -o with > /dev/null 2>&1
CIRCLE_CACHE_DIR=off cu -sm_90 -S -gpu b.cu -o without > /dev/null 2>&1
expect_file with.sm_90.ptx "PTX with the cache"
expect_eq "$(cmp -s with.sm_90.ptx without.sm_90.ptx && echo same)" "same" "the same PTX with and without the cache"
# Another configuration (-D) gets its own; -E never uses one.
cu -sm_90 -DVARIANT=1 a.cu -o v1 > /dev/null 2>&1
cu -sm_90 -DVARIANT=1 a.cu -o v2 > /dev/null 2>&1
expect_eq "$(count pch)" 2 "a -D makes another configuration"
expect_contains "$(cu -sm_90 -E a.cu | grep '^# ')" "__clang_cuda_runtime_wrapper.h" "-E prints the preamble's text"
# -MD's rule: the source first, the PCH's headers with it, as without the cache.
cu -sm_90 -c a.cu -o dep.o -MD
CIRCLE_CACHE_DIR=off cu -sm_90 -c a.cu -o dep2.o -MD
expect_eq "$(head -1 dep.d)" "dep.o: a.cu \\" "-MD: the source first"
expect_eq "$(sort dep.d | sed 's/dep.o/X/')" "$(sort dep2.d | sed 's/dep2.o/X/')" "-MD: the same headers with and without the cache"
# A header of the PCH's list that changed: the PCH is built again.
for f in "$dir"/*.inputs; do sed -i '1s/^[0-9]* /1 /' "$f"; done
out=$(cu -sm_90 -ftime-report a.cu -o a3 2>&1)
expect_contains "$out" "phase preamble PCH" "a changed header rebuilds the PCH"
# Off: nothing is written.
rm -rf "$CIRCLE_CACHE_DIR"
CIRCLE_CACHE_DIR=off cu -sm_90 a.cu -o off1 && CIRCLE_CACHE_DIR=off cu -sm_90 a.cu -o off2
expect_no_file "$CIRCLE_CACHE_DIR" "CIRCLE_CACHE_DIR=off writes nothing"
# An unwritable cache directory: the compile goes on without it.
CIRCLE_CACHE_DIR=/proc/no-cache cu -sm_90 a.cu -o ro; expect_eq "$?" 0 "an unwritable cache directory is no error"
finish
