# -fgpu-host-globals: kernels reach the program's own host variables through pointer
# slots the host fills before the first launch on each GPU (targets/nvptx/host_globals.h,
# targets/host/host_globals.h). The GPU suite runs tests/gpu/cases/host_globals.cxx.
source "$(dirname "$0")/lib.sh"
src="$CIRCLE_ROOT/tests/gpu/cases/host_globals.cxx"

# Without the flag: CUDA's rule, said where the source reads the variable.
out=$(cu -sm_90 "$src" -o plain 2>&1); rc=$?
expect_eq "$rc" 1 "host variables in kernels are refused by default"
expect_contains "$out" "host_globals.cxx:52:25: error: 'counter' is a host variable, which device code cannot read" "at the read"
expect_contains "$out" "or compile with -fgpu-host-globals" "the flag is named"
expect_no_file plain "no executable"

# With it: every variable the kernels read, namespace-scope, static members (inline
# and a template's), internal linkage and a const array read at a run-time index, goes
# through its slot; nothing is left for ptxas to resolve.
out=$(cu -sm_75 -sm_90 -fgpu-host-globals -S -gpu "$src" -o hg 2>&1)
expect_eq "$?" 0 "device modules with -fgpu-host-globals ($out)"
for sm in 75 90; do
  ptx=$(cat hg.sm_$sm.ptx)
  for sym in counter names squares _ZN7tracker4madeE _ZN7tracker7inlinedE _ZN3boxIiE5valueE \
             _ZL5scale results _ZN12_GLOBAL__N_16hiddenE; do
    expect_contains "$ptx" ".visible .global .align 8 .u64 __circle_host_slot_$sym;" "sm_$sm: $sym has a slot"
  done
  expect_not_contains "$ptx" ".extern .global" "sm_$sm: no host variable left unresolved"
  expect_contains "$ptx" "ld.global.nc.b64" "sm_$sm: slots are read as constants"
done
cu -sm_90 -fgpu-host-globals -S -emit-llvm "$src" -o hg.ll > /dev/null 2>&1
ll=$(cat hg.ll)
expect_contains "$ll" '@__circle_host_slot_name' "slots registered by name"
expect_contains "$ll" 'c"__circle_host_slot__ZN3boxIiE5valueE\00"' "a template's static member's slot"
expect_contains "$ll" "ptr @_ZN3boxIiE5valueE, i64 4 }" "the table holds the variable and its size"
expect_contains "$ll" "@_ZN3boxIiE5valueE = linkonce_odr" "the host defines a variable only the kernels name"
expect_contains "$(grep -A3 '^define.*__device_stub__firsti' hg.ll)" "call void @__circle_host_globals_attach(ptr @__circle_host_globals, i32 9" \
  "a launch first gives the GPU the addresses"
expect_contains "$ll" "define linkonce_odr hidden void @__circle_host_globals_attach" "the attach function linked in"
out=$(cu -sm_90 -fgpu-host-globals "$src" -o hg 2>&1)
expect_eq "$?" 0 "an executable ($out)"
expect_file hg "the executable"

# Variations: an inline variable of a header bumped through a macro, a class template's
# static member, in a kernel template, and an extern variable another source defines
# that no host code here names (declared in the host object for its address).
cat > h.h <<'SRC'
#pragma once
inline int header_count = 4;
template <class T> struct cfg { static inline T scale = T(2); };
#define BUMP(x) ((x) += 1)
SRC
cat > variations.cu <<'SRC'
#include "h.h"
extern int elsewhere;
template <class T> __global__ void k(T* o) { BUMP(header_count); o[0] = header_count * cfg<T>::scale + elsewhere; }
int main() { float* o = nullptr; k<<<1, 1>>>(o); }
SRC
echo 'int elsewhere = 100;' > elsewhere.cpp
out=$(cu -sm_75 -sm_90 -fgpu-host-globals variations.cu elsewhere.cpp -o variations 2>&1)
expect_eq "$?" 0 "header, template and extern variables ($out)"
expect_file variations "their executable"
cu -sm_90 -fgpu-host-globals -S -gpu variations.cu -o variations > /dev/null 2>&1
for sym in header_count _ZN3cfgIfE5scaleE elsewhere; do
  expect_contains "$(cat variations.sm_90.ptx)" ".u64 __circle_host_slot_$sym;" "$sym has a slot"
done

# What stays refused: a thread_local variable (one address per host thread) and the
# flag with -rdc.
printf 'thread_local int tl = 3;\n__global__ void k(int* p) { *p = tl; }\nint main() {}\n' > tl.cxx
out=$(cu -sm_90 -fgpu-host-globals tl.cxx -o tl 2>&1); rc=$?
expect_eq "$rc" 1 "a thread_local host variable is refused"
expect_contains "$out" "tl.cxx:2:34: error: 'tl' is a host variable" "at the read"
expect_contains "$out" "a thread_local variable has an address per host thread" "and says why"
out=$(cu -sm_90 -fgpu-host-globals -rdc -c "$src" -o rdc.o 2>&1); rc=$?
expect_eq "$rc" 1 "-fgpu-host-globals with -rdc is refused"
expect_contains "$out" "-fgpu-host-globals cannot be used with -rdc yet" "and says so"
expect_no_file rdc.o "no object"
finish
