# What circle writes: never an input, temporaries beside the target renamed into
# place, symbolic links followed, devices and FIFOs written through (never replaced),
# nothing left behind by a failure, an interrupt or a tool that crashes or hangs.
source "$(dirname "$0")/lib.sh"

printf '#include <cstdio>\n__global__ void k(int* p) { *p = 42; }\nint main() { puts("ran"); }\n' > h.cxx
cp h.cxx h.orig
same_source() { check; cmp -s h.cxx h.orig || fail "$1: the source was changed"; }
leftovers() { ls -A | grep -E 'circle-tmp' ; }

# The input, however it is spelt, is never an output: an error before anything is written.
ln -s h.cxx link.cxx
ln h.cxx hard.cxx
mkdir sub
for spelling in h.cxx ./h.cxx "$work/h.cxx" sub/../h.cxx link.cxx hard.cxx; do
  for mode in "-c" "-S" "-S -emit-llvm" "-c -emit-llvm" ""; do
    out=$(cu -sm_90 $mode h.cxx -o "$spelling" 2>&1); rc=$?
    expect_eq "$rc" 1 "-o $spelling ($mode) exit status"
    expect_contains "$out" "circle: error: the output '$spelling' is the input 'h.cxx': circle never overwrites a file it reads" \
      "-o $spelling ($mode)"
    same_source "-o $spelling ($mode)"
  done
done
# -gpu's per-sm outputs are checked too, and so are headers the source includes.
printf 'int from_header() { return 1; }\n' > inc.h
cp inc.h inc.orig
printf '#include "inc.h"\nint main() { return from_header() - 1; }\n' > uses_header.cxx
out=$(cu -sm_90 -c uses_header.cxx -o inc.h 2>&1); rc=$?
expect_eq "$rc" 1 "-o an included header"
expect_contains "$out" "the output 'inc.h' is the input" "-o an included header: message"
check; cmp -s inc.h inc.orig || fail "the included header was changed"
cp h.cxx h.sm_90.ptx; cp h.cxx h.sm_90.orig
out=$("$CIRCLE" --cuda-path="$CUDA_PATH" -sm_90 -gpu -S h.cxx -o h h.sm_90.ptx 2>&1)
expect_contains "$out" "circle: error:" "a -gpu output that is an input"
check; cmp -s h.sm_90.ptx h.sm_90.orig || fail "-gpu replaced an input"
rm -f h.sm_90.ptx h.sm_90.orig

# A regular file is replaced; the link stays a link and its target gets the output.
cu -sm_90 -c h.cxx -o obj.o; expect_file obj.o "plain -c"
ln -s real.o via_link.o
cu -sm_90 -c h.cxx -o via_link.o
check; [ -L via_link.o ] || fail "-o through a symlink replaced the link"
expect_file real.o "-o through a symlink writes its target"
mkdir -p deep; ln -s ../deep/target.o sub/rel_link.o
cu -sm_90 -c h.cxx -o sub/rel_link.o
expect_file deep/target.o "a relative symlink is followed from its own directory"
cu -sm_90 h.cxx -o prog && expect_eq "$(./prog)" "ran" "an executable"
check; [ -x prog ] || fail "the executable is executable"
expect_eq "$(leftovers)" "" "no temporaries beside the outputs"

# Anything that is not a regular file is written through, never replaced.
mkfifo pipe
timeout 120 cat pipe > from_pipe & reader=$!
cu -sm_90 -c h.cxx -o pipe; rc=$?
wait $reader
expect_eq "$rc" 0 "-o a FIFO"
check; [ -p pipe ] || fail "the FIFO was replaced"
check; cmp -s from_pipe obj.o || fail "the FIFO's reader got the object"
out=$(cu -sm_90 -S h.cxx -o - 2>&1)
expect_contains "$out" ".globl	main" "-S -o - writes to standard output"
expect_no_file ./- "-o - makes no file named '-'"
if [ -w /dev/null ] && [ "$(id -u)" -eq 0 ]; then
  cu -sm_90 -c h.cxx -o /dev/null; expect_eq "$?" 0 "-o /dev/null"
  check; [ -c /dev/null ] || fail "/dev/null is no longer a character device"
  cu -sm_90 h.cxx -o /dev/null; expect_eq "$?" 0 "an executable to /dev/null"
  check; [ -c /dev/null ] || fail "the link replaced /dev/null"
fi
ln -s loop.o loop.o
out=$(cu -sm_90 -c h.cxx -o loop.o 2>&1)
expect_contains "$out" "circle: error: cannot write 'loop.o': too many levels of symbolic links" "-o a symlink loop"
check; [ -L loop.o ] || fail "the looping link is left as it was"
out=$(cu -sm_90 -c h.cxx -o sub 2>&1)
expect_contains "$out" "circle: error: cannot write 'sub': it is a directory" "-o a directory"

# Two compiles to one -o at once: unique temporaries, both succeed.
for i in 1 2 3 4; do cu -sm_90 -c h.cxx -o shared.o & done
ok=0; for j in $(jobs -p); do wait "$j" && ok=$((ok + 1)); done
expect_eq "$ok" 4 "concurrent compiles to the same -o"
expect_eq "$(leftovers)" "" "no temporaries after concurrent compiles"

# A failed compile leaves nothing, and an existing output keeps its old content.
cp obj.o keep.o; cp keep.o keep.orig
printf 'int main() { return undeclared; }\n' > bad.cxx
cu -sm_90 -c bad.cxx -o keep.o 2>/dev/null
check; cmp -s keep.o keep.orig || fail "a failed compile changed the existing output"
expect_eq "$(leftovers)" "" "no temporaries after a failed compile"

# A toolkit whose ptxas crashes, hangs or is slow enough to be interrupted.
mkdir -p fakecuda/bin
for f in "$CUDA_PATH"/*; do [ "$(basename "$f")" = bin ] || ln -s "$f" fakecuda/; done
for f in "$CUDA_PATH"/bin/*; do ln -s "$f" fakecuda/bin/; done
rm fakecuda/bin/ptxas
cat > fakecuda/bin/ptxas <<SH
#!/bin/sh
case "\$1" in --version|--help) exec "$CUDA_PATH/bin/ptxas" "\$@";; esac
case "\$FAKE_PTXAS" in
hang) echo \$\$ > "$work/ptxas.pid"; echo \$\$ >> "$work/ptxas.pids"; sleep 300 ;;
crash) kill -SEGV \$\$ ;;
esac
exec "$CUDA_PATH/bin/ptxas" "\$@"
SH
chmod +x fakecuda/bin/ptxas
fake() { "$CIRCLE" --cuda-path="$work/fakecuda" -sm_90 "$@"; }
# circle's scratch directory and tool logs go to TMPDIR: a private one shows what is left.
export TMPDIR="$work/tmpdir"
mkdir -p "$TMPDIR"
out=$(FAKE_PTXAS=crash fake h.cxx -o crashed 2>&1); rc=$?
expect_eq "$rc" 1 "a crashing ptxas: exit status"
expect_contains "$out" "circle: error: ptxas crashed (signal 11: Segmentation fault) while assembling sm_90: the CUDA toolkit's ptxas failed, not the program" "a crashing ptxas is named"
expect_not_contains "$out" "circle bug" "a crashing ptxas is not a circle bug"
expect_no_file crashed "a crashing ptxas leaves no output"
out=$(FAKE_PTXAS=hang CIRCLE_TOOL_TIMEOUT=1 fake h.cxx -o hung 2>&1); rc=$?
expect_eq "$rc" 1 "a hanging ptxas: exit status"
expect_contains "$out" "circle: error: ptxas did not finish within 1 s and was stopped" "a hanging ptxas is stopped"
check; ! kill -0 "$(cat ptxas.pid)" 2>/dev/null || fail "the hanging ptxas still runs"
expect_no_file hung "a hanging ptxas leaves no output"
for sig in TERM HUP; do
  rm -f ptxas.pid
  FAKE_PTXAS=hang "$CIRCLE" --cuda-path="$work/fakecuda" -sm_90 h.cxx -o interrupted > sig.log 2>&1 & pid=$!
  for _ in $(seq 100); do [ -s ptxas.pid ] && break; sleep 0.1; done
  kill -$sig $pid; wait $pid 2>/dev/null; rc=$?
  expect_eq "$rc" $((128 + $(kill -l $sig))) "SIG$sig: circle dies of the signal"
  expect_contains "$(cat sig.log)" "circle: error: interrupted by SIG$sig; the compile was stopped and no output was written" "SIG$sig is reported"
  expect_not_contains "$(cat sig.log)" "ptxas" "SIG$sig does not blame ptxas"
  sleep 0.2
  check; ! kill -0 "$(cat ptxas.pid)" 2>/dev/null || fail "SIG$sig: ptxas still runs"
  expect_no_file interrupted "SIG$sig leaves no output"
  expect_eq "$(leftovers)" "" "SIG$sig leaves no temporaries beside the output"
done
# SIGINT (a terminal's Ctrl-C) the same way; a shell starts background jobs with it
# ignored, so the compile is started with it at its default.
rm -f ptxas.pid
python3 - "$CIRCLE" "$work" > sigint.log 2>&1 <<'PY' &
import os, signal, subprocess, sys
circle, work = sys.argv[1], sys.argv[2]
env = dict(os.environ, FAKE_PTXAS="hang")
p = subprocess.Popen([circle, f"--cuda-path={work}/fakecuda", "-sm_90", "h.cxx", "-o", "interrupted"], env=env,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
import time
for _ in range(100):
    if os.path.exists("ptxas.pid") and os.path.getsize("ptxas.pid"): break
    time.sleep(0.1)
p.send_signal(signal.SIGINT)
print("status", p.wait())
PY
wait $!
expect_contains "$(cat sigint.log)" "circle: error: interrupted by SIGINT; the compile was stopped and no output was written" "SIGINT is reported"
expect_contains "$(cat sigint.log)" "status -2" "SIGINT: circle dies of the signal"
expect_not_contains "$(cat sigint.log)" "ptxas" "SIGINT does not blame ptxas"
sleep 0.2
check; ! kill -0 "$(cat ptxas.pid)" 2>/dev/null || fail "SIGINT: ptxas still runs"
expect_no_file interrupted "SIGINT leaves no output"
expect_eq "$(leftovers)" "" "SIGINT leaves no temporaries beside the output"
# Several sms' ptxas run at once: an interrupt stops every one of them.
rm -f ptxas.pids
FAKE_PTXAS=hang "$CIRCLE" --cuda-path="$work/fakecuda" -sm_75 -sm_80 -sm_90 --threads 3 h.cxx -o interrupted > sig.log 2>&1 & pid=$!
for _ in $(seq 100); do [ -f ptxas.pids ] && [ "$(wc -l < ptxas.pids)" = 3 ] && break; sleep 0.1; done
expect_eq "$(wc -l < ptxas.pids)" 3 "three sms: three ptxas at once"
kill -TERM $pid; wait $pid 2>/dev/null; rc=$?
expect_eq "$rc" 143 "three ptxas: circle dies of SIGTERM"
sleep 0.2
for p in $(cat ptxas.pids); do
  check; ! kill -0 "$p" 2>/dev/null || fail "SIGTERM: one of three ptxas still runs"
done
expect_no_file interrupted "three ptxas: SIGTERM leaves no output"
expect_eq "$(leftovers)" "" "three ptxas: SIGTERM leaves no temporaries beside the output"
# A reader that goes away (`circle ... 2>&1 | head -1`): SIGPIPE, nothing left behind.
python3 -c "print(''.join('#warning many\n' for _ in range(3000)) + 'int main() {}')" > noisy.cxx
"$CIRCLE" --cuda-path="$CUDA_PATH" -sm_90 noisy.cxx -o noisy 2>&1 | head -1 > /dev/null
expect_eq "${PIPESTATUS[0]}" 141 "SIGPIPE: circle dies of the signal"
expect_no_file noisy "SIGPIPE leaves no output"
expect_eq "$(leftovers)" "" "SIGPIPE leaves no temporaries beside the output"
# An output directory that does not exist: one error, no link attempted.
out=$("$CIRCLE" uses_header.cxx -o missing_dir/prog 2>&1); rc=$?
expect_eq "$rc" 1 "an output in a missing directory fails"
expect_eq "$out" "circle: error: cannot write 'missing_dir/prog': No such file or directory" "one error, no linker run"
expect_eq "$(ls -A "$TMPDIR")" "" "no scratch directory or tool log left in the temp directory"
finish
