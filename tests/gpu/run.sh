#!/usr/bin/env bash
# The GPU suite, in two halves because the GPU machine has no compiler:
#   tests/gpu/run.sh build   here: compile every case in cases.txt with circle into
#                            tests/gpu/bin/, with the fat-binary listing circle's own
#                            reader gives (the expected cuobjdump output)
#                            and packs them into tests/gpu/bin.tar.xz (the binaries carry
#                            static cudart and fat binaries: ~70 MB, ~5 MB packed)
#   tests/gpu/run.sh run     on the GPU machine (device tool, carry tests/gpu/bin.tar.xz):
#                            run each case, diff its output with expected/NAME.out, diff
#                            cuobjdump -lptx -lelf with circle's listing; print a summary.
#                            A case that must fail says so: expected/NAME.status holds
#                            its exit status, expected/NAME.err its stderr (@ROOT@
#                            stands for the repository root where it was built);
#                            expected/NAME.in is its stdin (otherwise /dev/null).
#                            Output that depends on rand() is checked by the awk script
#                            expected/NAME.check instead of compared. Each nvcc/NAME.cu is
#                            built by circle and by nvcc from the same command line (-std=c++20
#                            for both: a .cu defaults to C++17 in each); the two must print the same. A
#                            source whose first line is "// gpu-suite: rdc" is built with
#                            relocatable device code (circle -rdc, nvcc -rdc=true), one
#                            with "// gpu-suite: sm_90" for sm_90 only (sm_80+ intrinsics,
#                            which nvcc would need __CUDA_ARCH__ to hide from sm_75), one
#                            with "// gpu-suite: sm_90a" with -arch=sm_90a by both, one with
#                            "// gpu-suite: sms=75,80,86" for those sms by both; with
#                            "relaxed-constexpr" nvcc gets --expt-relaxed-constexpr (for
#                            libstdc++'s constexpr algorithms in kernels), with "fast-math"
#                            both get -use_fast_math; each
#                            directory nvcc/NAME/ is a program of several .cu files, each
#                            compiled with -rdc -c and the objects linked.
#                            builds/NAME.sh builds a case that takes several commands
#                            (a -shared library and its users) into $bin/NAME.
#   tests/gpu/run.sh check   here, no GPU: circle's half of the nvcc comparisons only
#                            (every program through ptxas for its sms; CTest runs it)
# Exit status: 0 only if every case passed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin="$here/bin"
circle="${CIRCLE:-$root/build/bin/circle}"
cuda="${CUDA_PATH:-/usr/local/cuda}"

cases() { grep -v '^\s*#' "$here/cases.txt" | grep -v '^\s*$'; }
# Cases that need more than one circle command (a shared library and its users):
# builds/NAME.sh makes $bin/NAME, run and compared like the others.
scripted() { for s in "$here"/builds/*.sh; do echo "$(basename "$s" .sh) tests/gpu/builds/$(basename "$s")"; done; }

# Programs compared with nvcc's build of the same source (tests/gpu/nvcc/*.cu, and
# nvcc/NAME/ for several files): circle's build of each into $1, and nvcc's too when
# $2 is 1. Building with circle runs ptxas for each sm: `check` is that half alone.
comparisons() {
  local out=$1 with_nvcc=$2 failed=0
  nvcc_too() { [ "$with_nvcc" -eq 0 ] || "$cuda/bin/nvcc" "$@"; }
  local arch=(-gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90)
  for src in "$here"/nvcc/*.cu; do
    local name; name=nvcc_$(basename "$src" .cu)
    local cflags=(-sm_75 -sm_90 -std=c++20) nflags=("${arch[@]}") suite
    suite=$(head -1 "$src" | sed -n 's|^// gpu-suite:||p')
    if grep -qw rdc <<< "$suite"; then cflags+=(-rdc); nflags+=(-rdc=true); fi
    if grep -qw sm_90 <<< "$suite"; then cflags=(-sm_90 "${cflags[@]:2}"); nflags=(-gencode arch=compute_90,code=sm_90 "${nflags[@]:4}"); fi
    if grep -qw sm_90a <<< "$suite"; then cflags=(-arch=sm_90a "${cflags[@]:2}"); nflags=(-arch=sm_90a "${nflags[@]:4}"); fi
    if [[ $suite =~ sms=([0-9,]+) ]]; then # sms=75,80,86: those sms, for both
      local csms=() nsms=()
      for sm in ${BASH_REMATCH[1]//,/ }; do csms+=(-sm_"$sm"); nsms+=(-gencode "arch=compute_$sm,code=[sm_$sm,compute_$sm]"); done
      cflags=("${csms[@]}" "${cflags[@]:2}"); nflags=("${nsms[@]}" "${nflags[@]:4}")
    fi
    if grep -qw relaxed-constexpr <<< "$suite"; then nflags+=(--expt-relaxed-constexpr); fi
    if grep -qw fast-math <<< "$suite"; then cflags+=(-use_fast_math); nflags+=(-use_fast_math); fi
    if "$circle" --cuda-path="$cuda" "${cflags[@]}" "$src" -o "$out/$name.circle" 2> "$out/$name.build.log" &&
       nvcc_too -std=c++20 "${nflags[@]}" "$src" -o "$out/$name.nvcc" 2>> "$out/$name.build.log"; then
      echo "built $name ($([ "$with_nvcc" -eq 1 ] && echo "circle and nvcc" || echo "circle: ${cflags[*]}"))"
    else
      echo "BUILD FAILED $name"; cat "$out/$name.build.log"; failed=1
    fi
  done
  for dir in "$here"/nvcc/*/; do
    local name; name=nvcc_$(basename "$dir")
    local cobjs=() nobjs=() ok=1
    mkdir -p "$out/$name.objects"
    for src in "$dir"*.cu; do
      local stem; stem=$(basename "$src" .cu)
      "$circle" --cuda-path="$cuda" -sm_75 -sm_90 -std=c++20 -rdc -c "$src" -o "$out/$name.objects/$stem.circle.o" \
        2>> "$out/$name.build.log" || ok=0
      nvcc_too -std=c++20 -rdc=true "${arch[@]}" -c "$src" -o "$out/$name.objects/$stem.nvcc.o" \
        2>> "$out/$name.build.log" || ok=0
      cobjs+=("$out/$name.objects/$stem.circle.o"); nobjs+=("$out/$name.objects/$stem.nvcc.o")
    done
    if [ $ok -eq 1 ] && "$circle" --cuda-path="$cuda" "${cobjs[@]}" -o "$out/$name.circle" 2>> "$out/$name.build.log" &&
       nvcc_too -rdc=true "${arch[@]}" "${nobjs[@]}" -o "$out/$name.nvcc" 2>> "$out/$name.build.log"; then
      echo "built $name ($(ls "$dir"*.cu | wc -l) files, separately)"
    else
      echo "BUILD FAILED $name"; cat "$out/$name.build.log"; failed=1
    fi
    rm -rf "$out/$name.objects"
  done
  return $failed
}

build() {
  rm -rf "$bin" && mkdir -p "$bin"
  echo "$root" > "$bin/build_root"
  local failed=0
  while read -r name src flags; do
    if "$circle" --cuda-path="$cuda" $flags "$root/$src" -o "$bin/$name" 2> "$bin/$name.build.log"; then
      # A host-only program has no fat binary, and nothing for cuobjdump to list.
      if (cd "$bin" && "$circle" --list-fatbin="$name") > "$bin/$name.fatbin.expected" 2> /dev/null; then
        echo "built $name"
      else
        rm "$bin/$name.fatbin.expected"; echo "built $name (no device code)"
      fi
    else
      echo "BUILD FAILED $name"; cat "$bin/$name.build.log"; failed=1
    fi
  done < <(cases)
  while read -r name script; do
    if bash "$root/$script" "$bin" "$circle" "$cuda" > "$bin/$name.build.log" 2>&1; then echo "built $name (scripted)"
    else echo "BUILD FAILED $name"; cat "$bin/$name.build.log"; failed=1; fi
  done < <(scripted)
  comparisons "$bin" 1 || failed=1
  tar -C "$here" -cf - bin | xz -T2 -6 > "$here/bin.tar.xz"
  return $failed
}

run() {
  local pass=0 fail=0 summary=""
  if [ -f "$here/bin.tar.xz" ]; then rm -rf "$bin" && xz -dc "$here/bin.tar.xz" | tar -C "$here" -xf -; fi
  command -v cuobjdump > /dev/null || PATH="$cuda/bin:$PATH"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/device: /'
  # The Vulkan cases need the loader, which the GPU machine lacks: the device tool's
  # README says how to fetch it into .gl/ (carry it with the binaries).
  if ls "$root"/.gl/*.deb > /dev/null 2>&1 && ! ldconfig -p | grep -q libvulkan.so.1; then
    for f in "$root"/.gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
  fi
  icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  [ -f "$icd" ] && export VK_DRIVER_FILES="$icd"
  echo "vulkan driver: ${VK_DRIVER_FILES:-the loader default}"
  while read -r name src flags; do
    local ok=1 why=""
    if [ ! -x "$bin/$name" ]; then ok=0; why="not built"
    else
      local input=/dev/null
      [ -f "$here/expected/$name.in" ] && input="$here/expected/$name.in"
      timeout 120 "$bin/$name" < "$input" > "$bin/$name.out" 2> "$bin/$name.err"; local rc=$?
      local want_rc=0
      [ -f "$here/expected/$name.status" ] && want_rc=$(cat "$here/expected/$name.status")
      if [ $rc -ne "$want_rc" ]; then ok=0; why="exit status $rc (expected $want_rc): $(head -c 300 "$bin/$name.err")"; fi
      if [ -f "$here/expected/$name.err" ] &&
         ! diff -u <(sed "s|@ROOT@|$(cat "$bin/build_root")|" "$here/expected/$name.err") "$bin/$name.err" > "$bin/$name.err.diff"; then
        ok=0; why="$why stderr differs: $(head -c 600 "$bin/$name.err.diff")"
      fi
      if [ -f "$here/expected/$name.check" ]; then
        # Output that depends on rand(): an awk script checks its properties instead.
        if ! LC_ALL=C awk -f "$here/expected/$name.check" "$bin/$name.out" > "$bin/$name.diff"; then
          ok=0; why="$why output check failed: $(head -c 600 "$bin/$name.diff")"
        fi
      elif ! diff -u "$here/expected/$name.out" "$bin/$name.out" > "$bin/$name.diff"; then
        ok=0; why="$why output differs: $(head -c 600 "$bin/$name.diff")"
      fi
      (cd "$bin" && cuobjdump -lptx -lelf "$name") > "$bin/$name.cuobjdump" 2>&1
      if [ -f "$bin/$name.fatbin.expected" ] && ! diff -u "$bin/$name.fatbin.expected" "$bin/$name.cuobjdump" > "$bin/$name.cuobjdump.diff"; then
        ok=0; why="$why cuobjdump listing differs: $(cat "$bin/$name.cuobjdump.diff")"
      fi
    fi
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); summary+="PASS $name"$'\n'
    else fail=$((fail + 1)); summary+="FAIL $name: $why"$'\n'; fi
    echo "--- $name: cuobjdump -lptx -lelf"; cat "$bin/$name.cuobjdump" 2>/dev/null
  done < <(cases; scripted)
  for src in "$here"/nvcc/*.cu "$here"/nvcc/*/; do
    local name; name=nvcc_$(basename "$src" .cu)
    local ok=1 why=""
    if [ ! -x "$bin/$name.circle" ] || [ ! -x "$bin/$name.nvcc" ]; then ok=0; why="not built"
    else
      timeout 120 "$bin/$name.circle" > "$bin/$name.circle.out" 2>&1 || { ok=0; why="circle's build failed: $(head -c 300 "$bin/$name.circle.out")"; }
      timeout 120 "$bin/$name.nvcc" > "$bin/$name.nvcc.out" 2>&1 || { ok=0; why="$why nvcc's build failed"; }
      if ! diff -u "$bin/$name.nvcc.out" "$bin/$name.circle.out" > "$bin/$name.diff"; then
        ok=0; why="$why output differs from nvcc's: $(head -c 800 "$bin/$name.diff")"
      fi
    fi
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); summary+="PASS $name (same output as nvcc)"$'\n'
    else fail=$((fail + 1)); summary+="FAIL $name: $why"$'\n'; fi
  done
  printf '%s' "$summary"
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
}

check() {
  local out; out=$(mktemp -d)
  comparisons "$out" 0; local rc=$?
  rm -rf "$out"
  return $rc
}

case "${1:-}" in
  build) build ;;
  run) run ;;
  check) check ;;
  *) echo "usage: $0 build|run|check" >&2; exit 2 ;;
esac
