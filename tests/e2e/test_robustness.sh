# Inputs that once made circle slow, stuck or unreproducible: an identifier of 200,000
# characters (Clang's typo correction), #include of a FIFO or a device, a missing or
# full temporary directory, and the same compile giving different bytes with and
# without the preamble cache or in another directory.
source "$(dirname "$0")/lib.sh"

# --- Typo correction is bounded by the name's length, not by the clock.
python3 -c "
name = 'a' * 200000
print('struct S { int x; };')
print('int f(S s) { return s.' + name + '; }')
print(name + 'b y;')
print('int main() { return ' + name + '; }')" > long.cxx
out=$(timeout 600 "$CIRCLE" --cuda-path="$CUDA_PATH" -sm_90 -c long.cxx -o long.o 2>&1); rc=$?
expect_eq "$rc" 1 "a 200,000-character identifier: exit status (124: still correcting typos after 600 s)"
expect_contains "$out" "long.cxx:4:21: error: use of undeclared identifier 'aaaa" "a 200,000-character identifier: located"
expect_contains "$out" "long.cxx:2:23: error: no member named 'aaaa" "a 200,000-character member name: located"
expect_not_contains "$out" "did you mean" "a 200,000-character identifier: no suggestion"
# Past the bound (sema/typo_correction_bound.h) no suggestion even for a near miss;
# below it, Clang's suggestion as always.
near=$(python3 -c "print('v' * 299)")
printf 'int %sw = 1;\nint main() { return %sx; }\n' "$near" "$near" > near_long.cxx
out=$(cu -sm_90 -c near_long.cxx -o near.o 2>&1)
expect_contains "$out" "near_long.cxx:2:21: error: use of undeclared identifier" "a 300-character near miss"
expect_not_contains "$out" "did you mean" "a 300-character near miss: no suggestion"
printf 'int counter_value = 1;\nint main() { return countr_value; }\n' > near_short.cxx
out=$(cu -sm_90 -c near_short.cxx -o near.o 2>&1)
expect_contains "$out" "did you mean 'counter_value'?" "a short near miss keeps Clang's suggestion"
out=$(cu -sm_90 -fno-spell-checking -c near_short.cxx -o near.o 2>&1)
expect_not_contains "$out" "did you mean" "-fno-spell-checking is kept"

# --- Only regular files are read: a FIFO nobody writes would wait forever.
mkfifo pipe.h
printf '#include "pipe.h"\nint main() {}\n' > inc_fifo.cxx
out=$(timeout 120 "$CIRCLE" --cuda-path="$CUDA_PATH" -sm_90 -c inc_fifo.cxx -o fifo.o 2>&1); rc=$?
expect_eq "$rc" 1 "#include of a FIFO: exit status (124: it waited)"
expect_contains "$out" "inc_fifo.cxx:1:10: fatal error: cannot open file './pipe.h': it is a FIFO, not a regular file" \
  "#include of a FIFO"
printf '#include "/dev/zero"\nint main() {}\n' > inc_zero.cxx
out=$(timeout 120 "$CIRCLE" --cuda-path="$CUDA_PATH" -sm_90 -c inc_zero.cxx -o zero.o 2>&1); rc=$?
expect_eq "$rc" 1 "#include of /dev/zero: exit status"
expect_contains "$out" "inc_zero.cxx:1:10: fatal error: cannot open file '/dev/zero': it is a device" "#include of /dev/zero"
out=$(timeout 120 "$CIRCLE" --cuda-path="$CUDA_PATH" -sm_90 -c -x cu pipe.h -o fifo.o 2>&1); rc=$?
expect_eq "$rc" 1 "a FIFO as the input: exit status"
expect_contains "$out" "circle: error: cannot read 'pipe.h': it is a FIFO, not a regular file" "a FIFO as the input"
mkdir adir
out=$(cu -sm_90 -c -x cu adir -o dir.o 2>&1)
expect_contains "$out" "cannot read 'adir': it is a directory" "a directory as the input"
expect_no_file fifo.o "a refused input leaves no output"
echo 'int main() { return 0; }' | cu -sm_90 -c -x cu - -o stdin.o
expect_file stdin.o "stdin is still read"

# --- The temporary directory's trouble is named.
printf '#include <cstdio>\n__global__ void k(int* p) { *p = 1; }\nint main() { k<<<1, 1>>>(nullptr); puts("ok"); }\n' > tmp.cxx
out=$(TMPDIR="$work/no/such/dir" cu -sm_90 -c tmp.cxx -o tmp.o 2>&1); rc=$?
expect_eq "$rc" 1 "a missing TMPDIR: exit status"
expect_contains "$out" "cannot create a temporary directory in '$work/no/such/dir' (\$TMPDIR): No such file or directory" \
  "a missing TMPDIR"
mkdir full
if mount -t tmpfs -o size=64k tmpfs full 2> /dev/null; then
  head -c 1000000 /dev/zero > full/fill 2> /dev/null
  out=$(TMPDIR="$work/full" cu -sm_75 -sm_90 tmp.cxx -o tmp 2>&1); rc=$?
  expect_eq "$rc" 1 "a full TMPDIR: exit status"
  expect_contains "$out" "circle: note: the file system of the temporary directory '$work/full' (\$TMPDIR) is full" \
    "a full TMPDIR is named"
  expect_no_file tmp "a full TMPDIR: no output"
  umount full
else
  echo "note: no tmpfs can be mounted here (not root): the full-TMPDIR check is skipped"
fi

# --- A crash (here a SIGSEGV sent mid-compile) is an error with exit status 1, nothing left.
cp "$CIRCLE_ROOT/tests/gpu/cases/device_iostreams.cxx" crash.cxx
mkdir crash_tmp
TMPDIR="$work/crash_tmp" cu -sm_90 crash.cxx -o crashed > crash.log 2>&1 &
compile=$!
sleep 1
pkill -SEGV -f -- "-sm_90 crash.cxx -o crashed"
wait $compile; rc=$?
expect_eq "$rc" 1 "a crash: exit status"
expect_contains "$(cat crash.log)" "circle: error: internal error: circle crashed" "a crash: circle's message"
expect_not_contains "$(cat crash.log)" "llvm-project/issues" "a crash: not LLVM's banner"
expect_no_file crashed "a crash: no output"
expect_eq "$(ls -A crash_tmp)" "" "a crash: no scratch files left"

# --- A compiler replaced while it runs (an install during a build) still finds its own
# files beside the new one: its device runtime was read from the working directory.
mkdir -p inst/bin && cp "$CIRCLE" inst/bin/ && cp -r "$(dirname "$CIRCLE")/../lib" "$(dirname "$CIRCLE")/../include" inst/
printf '__global__ void k(int* p) { *p = 1; }\nint main() { k<<<1, 1>>>(nullptr); }\n' > replaced.cu
{ until [ -f replaced.done ]; do sleep 0.1; done; cat replaced.cu; } |
  "$work/inst/bin/circle" --cuda-path="$CUDA_PATH" -sm_90 -x cu - -o replaced > replaced.log 2>&1 &
compile=$!
for _ in $(seq 600); do [ "$(readlink /proc/$compile/exe)" = "$work/inst/bin/circle" ] && break; sleep 0.1; done
rm inst/bin/circle && cp "$CIRCLE" inst/bin/circle && touch replaced.done
wait $compile; rc=$?
expect_eq "$rc" 0 "a compiler replaced mid-compile: exit status ($(head -c 300 replaced.log))"
expect_file replaced "a compiler replaced mid-compile: the executable"

# --- The same inputs give the same bytes: cache cold or warm, in another directory.
cp "$CIRCLE_ROOT/tests/gpu/cases/virtual_calls.cxx" det.cxx
mkdir -p d1 d2 && cp det.cxx d1/ && cp det.cxx d2/
export XDG_CACHE_HOME="$work/cache"
(cd d1 && cu -sm_75 -sm_90 -c det.cxx -o ../cold.o)
(cd d1 && cu -sm_75 -sm_90 -c det.cxx -o ../warm.o)
(cd d2 && cu -sm_75 -sm_90 -c det.cxx -o ../elsewhere.o)
expect_file cold.o "determinism: the object"
check; cmp -s cold.o warm.o || fail "the object differs with the preamble cache cold and warm"
check; cmp -s warm.o elsewhere.o || fail "the object differs in another directory"
rm -rf "$XDG_CACHE_HOME"
cu -sm_75 -sm_90 det.cxx -o exe1
cu -sm_75 -sm_90 det.cxx -o exe2
check; cmp -s exe1 exe2 || fail "the executable differs with the preamble cache cold and warm"
rm -rf "$XDG_CACHE_HOME"
cu -sm_90 -S --cuda-device-only det.cxx -o one.ptx
cu -sm_90 -S --cuda-device-only det.cxx -o two.ptx
check; cmp -s one.ptx two.ptx || fail "the PTX differs with the preamble cache cold and warm"
for d in d1 d2; do
  (cd $d && cu -g -G -sm_90 -c "$work/$d/det.cxx" -o ../g_$d.o -ffile-prefix-map="$work/$d"=.)
done
check; cmp -s g_d1.o g_d2.o || fail "-g -G objects of two directories differ under -ffile-prefix-map"
check; ! grep -qa "$work" g_d1.o || fail "-ffile-prefix-map: the directory is still in the object"
# The prelude's files live in the cache directory: a -g object must not say where.
for c in c1 c2; do
  (cd d1 && XDG_CACHE_HOME="$work/cache_$c" cu -g -G -sm_90 -c "$work/d1/det.cxx" -o ../g_$c.o -ffile-prefix-map="$work/d1"=.)
done
check; cmp -s g_c1.o g_c2.o || fail "-g -G objects differ with the cache in another directory"
check; ! grep -qa "cache_c1" g_c1.o || fail "the cache directory is named in a -g object"

finish
