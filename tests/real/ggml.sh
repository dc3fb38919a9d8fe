#!/usr/bin/env bash
# ggml's CUDA backend built through ggml's own CMake with circle as the CUDA compiler,
# and its test-backend-ops run on the GPU against nvcc's build of the same commit:
#   tests/real/ggml.sh build [ARCHS]   here: configure and build with CMAKE_CUDA_COMPILER=circle
#                                      (ARCHS: CMAKE_CUDA_ARCHITECTURES, default 90); the
#                                      programs and libraries packed as tests/real/bin/ggml.tar.xz,
#                                      with the sources nvcc's build needs
#                                      (GGML_WITH_NVCC=1, where nvcc is: nvcc's build too,
#                                      at the same time, in the same command)
#   tests/real/ggml.sh nvcc            on the GPU machine (carry tests/real/bin/ggml.tar.xz):
#                                      nvcc's build of the same sources (needs cmake there)
#   tests/real/ggml.sh run [-o OP]     there: test-backend-ops -b CUDA0 for both builds
#                                      (GGML_SHARDS=N: in N processes at once)
#   tests/real/ggml.sh perf -o OP ...  there: perf mode for both, circle's time over nvcc's
source "$(dirname "$0")/lib.sh"
out="$here/bin/ggml"

# nvcc's build of the sources at $1 for CMAKE_CUDA_ARCHITECTURES $2, into $out/build-nvcc.
nvcc_build() {
  command -v cmake > /dev/null || { echo "no cmake here: nvcc's build needs it"; return 1; }
  cmake -S "$1" -B "$out/build-nvcc" -G "$(command -v ninja > /dev/null && echo Ninja || echo 'Unix Makefiles')" \
    -DCMAKE_BUILD_TYPE=Release -DGGML_CUDA=ON -DGGML_NATIVE=OFF \
    -DCMAKE_CUDA_ARCHITECTURES="$2" -DGGML_CCACHE=OFF > "$out/nvcc-configure.log" 2>&1 &&
    cmake --build "$out/build-nvcc" --target test-backend-ops -j "$(nproc)" > "$out/nvcc-build.log" 2>&1 ||
    { echo "nvcc's build failed"; tail -5 "$out/nvcc-configure.log" "$out/nvcc-build.log"; return 1; }
}

case "${1:-}" in
build)
  archs="${2:-90}"
  src=$(checkout_of ggml-org/ggml "$GGML_COMMIT") || exit 1
  rm -rf "$out" && mkdir -p "$out"
  build="$out/build-circle"
  # This machine has no driver: libggml-cuda.so needs libcuda.so.1, which the toolkit's
  # stub stands for while the programs are linked (the GPU machine's driver at run time).
  mkdir -p "$out/driver-stub" && ln -sf "$cuda/lib/stubs/libcuda.so" "$out/driver-stub/libcuda.so.1"
  # Compile lines and their times: CMake's own log of every command.
  generator=$(command -v ninja > /dev/null && echo Ninja || echo 'Unix Makefiles')
  cmake -S "$src" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=Release -DGGML_CUDA=ON -DGGML_NATIVE=OFF \
    -DCMAKE_CUDA_COMPILER="$circle" -DCMAKE_CUDA_ARCHITECTURES="$archs" -DCUDAToolkit_ROOT="$cuda" \
    -DGGML_CCACHE=OFF -DCMAKE_CUDA_FLAGS=-Rcircle-passes -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath-link,$out/driver-stub" \
    > "$out/configure.log" 2>&1 ||
    { tail -20 "$out/configure.log"; exit 1; }
  start=$(date +%s)
  # GGML_WITH_NVCC=1 (on the GPU machine): nvcc's build of the same sources at the same
  # time, in this same command (a device-tool call's background jobs end with the call).
  if [ -n "${GGML_WITH_NVCC:-}" ]; then
    ( nvcc_build "$src" "$archs" > "$out/nvcc-both.log" 2>&1; echo "$?" > "$out/nvcc-both.status" ) &
  fi
  cmake --build "$build" --target test-backend-ops -j "$(nproc)" > "$out/build.log" 2>&1
  status=$?
  echo "circle's build of ggml ($archs): exit $status in $(( $(date +%s) - start )) s"
  if [ -n "${GGML_WITH_NVCC:-}" ]; then
    wait
    echo "nvcc's build beside it: exit $(cat "$out/nvcc-both.status") in $(( $(date +%s) - start )) s in all"
  fi
  # How many sources needed a front-end pass per target view (frontend/target_views.h).
  sources=$(find "$build" -name '*.cu.o' | wc -l)
  viewed=$(grep -o 'remark: compiled in [0-9]* front-end passes' "$out/build.log" | wc -l)
  echo "CUDA sources compiled: $sources; remarks of passes per view: $viewed"
  [ $status = 0 ] || { grep -m20 'error' "$out/build.log"; exit 1; }
  # What nvcc's build needs, and what runs (packed for the GPU machine unless built there).
  cp -r "$src" "$out/src" && rm -rf "$out/src/.git"
  echo "$archs" > "$out/archs.txt"
  [ -n "${GGML_NO_PACK:-}" ] || tar -C "$here/bin" -cJf "$here/bin/ggml.tar.xz" --exclude='*.o' --exclude='CMakeFiles' ggml
  ;;
nvcc | run | perf)
  [ -d "$out" ] || tar -C "$here/bin" -xJf "$here/bin/ggml.tar.xz"
  cd "$out"
  archs=$(cat archs.txt)
  if [ "$1" = nvcc ]; then
    start=$(date +%s)
    nvcc_build src "$archs" || exit 1
    echo "nvcc's build of ggml ($archs, $(nproc) jobs): $(( $(date +%s) - start )) s"
    exit 0
  fi
  # The circle build's libraries by a path relative to here (its RUNPATH names the build machine's).
  ops() { local b=$1; shift; LD_LIBRARY_PATH="build-$b/bin:build-$b/src:build-$b/src/ggml-cuda:${LD_LIBRARY_PATH:-}" \
          "build-$b/bin/test-backend-ops" "$@"; }
  if [ "$1" = run ]; then
    # test mode: every op on CUDA0 against the CPU backend; a filter (-o OP) may follow.
    # GGML_SHARDS=N runs N processes at once, each with every N-th op of --list-ops (the
    # CPU backend's reference results take most of a run's time).
    shift
    for b in circle nvcc; do
      [ -x "build-$b/bin/test-backend-ops" ] || { echo "$b: no test-backend-ops"; continue; }
      shards=${GGML_SHARDS:-1}
      if [ "$shards" -gt 1 ] && [ $# = 0 ]; then
        ops "$b" --list-ops | awk '/^  / { print $1 }' > all-ops.txt
        for i in $(seq 0 $((shards - 1))); do
          list=$(awk -v n="$shards" -v i="$i" 'NR % n == i' all-ops.txt | paste -sd,)
          ops "$b" test -b CUDA0 -o "$list" > "$b.ops.$i.log" 2>&1 &
        done
        wait
        # test-backend-ops colours its verdicts: counted without the escapes.
        cat "$b".ops.[0-9]*.log | sed 's/\x1b\[[0-9;]*m//g' > "$b.ops.log"
        echo "$b: $(grep -c ' OK$' "$b.ops.log") OK, $(grep -c 'FAIL' "$b.ops.log") FAIL, in $shards shards" \
             "($(grep -h -E '[0-9]+/[0-9]+ tests passed' "$b".ops.[0-9]*.log | awk -F/ '{ p += $1; t += $2 } END { print p "/" t+0 }') tests passed)"
      else
        ops "$b" test -b CUDA0 "$@" > "$b.ops.log" 2>&1
        echo "$b: exit $? $(grep -E '[0-9]+/[0-9]+ tests passed' "$b.ops.log" | tail -1)"
      fi
      grep -E 'FAIL' "$b.ops.log" | head -20
    done
    [ -f circle.ops.log ] && [ -f nvcc.ops.log ] &&
      echo "failing with circle, passing with nvcc: $(comm -23 <(grep FAIL circle.ops.log | sort -u) <(grep FAIL nvcc.ops.log | sort -u) | wc -l)"
    exit 0
  fi
  # perf mode for the ops named (-o OP each): each case's time per run, circle over nvcc.
  shift
  for b in circle nvcc; do ops "$b" perf -b CUDA0 "$@" > "$b.perf.log" 2>&1; done
  python3 - circle.perf.log nvcc.perf.log <<'PY'
import math, re, sys
def runs(path):
    out = {}
    for line in open(path):
        m = re.match(r'\s*(\S.*?):\s+\d+ runs -\s+([0-9.]+) us/run', line)
        if m: out[m.group(1)] = float(m.group(2))
    return out
c, n = runs(sys.argv[1]), runs(sys.argv[2])
common = [k for k in c if k in n and n[k] > 0]
if not common: sys.exit("no case timed by both builds")
ratios = sorted((c[k] / n[k], k) for k in common)
geo = math.exp(sum(math.log(r) for r, _ in ratios) / len(ratios))
print(f"{len(common)} cases: circle/nvcc time geometric mean {geo:.3f}")
for r, k in ratios[-8:]: print(f"  slowest: {r:.3f} {k} ({c[k]:.1f} vs {n[k]:.1f} us)")
PY
  ;;
*)
  echo "usage: tests/real/ggml.sh build [ARCHS] | nvcc | run [-o OP] | perf -o OP..." >&2
  exit 2
  ;;
esac
