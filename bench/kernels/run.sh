#!/usr/bin/env bash
# Kernel speed, circle against nvcc, on the same sources (bench/kernels/*.cu):
#   bench/kernels/run.sh build   here: each program built by circle and by nvcc with the
#                                same nvcc-style command line, packed into bin.tar.xz
#   bench/kernels/run.sh run     on the GPU machine (carry bench/kernels/bin.tar.xz): runs
#                                the two builds of each program 5 times, interleaved, and
#                                prints per kernel the median times, nvcc/circle (above 1:
#                                circle is faster), whether the outputs are identical (and
#                                right, where the program prints the host's reference), and
#                                the geometric mean over the kernels both compute rightly.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin="$here/bin"
circle="${CIRCLE:-$root/build/bin/circle}"
cuda="${CUDA_PATH:-/usr/local/cuda}"
# BENCH_ARCH: the architectures, as nvcc's options (default -arch=sm_90); e.g. four sms:
#   BENCH_ARCH="-gencode arch=compute_75,code=sm_75 ... -gencode arch=compute_90,code=sm_90"
read -r -a arch <<< "${BENCH_ARCH:--arch=sm_90}"
# BENCH_ONLY: the programs to build (names without .cu, space-separated; all by default).
read -r -a only <<< "${BENCH_ONLY:-}"
flags=(-O3 -std=c++20 --extended-lambda --expt-relaxed-constexpr "${arch[@]}")

build() {
  rm -rf "$bin" && mkdir -p "$bin"
  local failed=0
  for src in "$here"/*.cu; do
    local name; name=$(basename "$src" .cu)
    [ ${#only[@]} -eq 0 ] || [[ " ${only[*]} " == *" $name "* ]] || continue
    if "$circle" "${flags[@]}" "$src" -o "$bin/$name.circle" 2> "$bin/$name.build.log" &&
       "$cuda/bin/nvcc" "${flags[@]}" "$src" -o "$bin/$name.nvcc" 2>> "$bin/$name.build.log"; then
      echo "built $name"
    else
      echo "BUILD FAILED $name"; cat "$bin/$name.build.log"; failed=1
    fi
  done
  tar -C "$here" -cf - bin | xz -T2 -6 > "$here/bin.tar.xz"
  return $failed
}

run() {
  [ -f "$here/bin.tar.xz" ] && { rm -rf "$bin"; xz -dc "$here/bin.tar.xz" | tar -C "$here" -xf -; }
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/device: /'
  local log="$bin/all.log"
  : > "$log"
  for round in 1 2 3 4 5; do
    for exe in "$bin"/*.circle; do
      local name; name=$(basename "$exe" .circle)
      "$bin/$name.circle" | sed "s/^/circle /" >> "$log"
      "$bin/$name.nvcc" | sed "s/^/nvcc /" >> "$log"
    done
  done
  awk '
    $2 == "TIME" { t[$1 " " $3] = t[$1 " " $3] " " $4; names[$3] = 1 }
    $2 == "RESULT" { r[$1 " " $3] = $4 }
    $2 == "REFERENCE" { ref[$3] = $4 }
    function median(list,   a, n, i, j, x) {
      n = split(list, a, " ")
      for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
      return a[int((n + 1) / 2)]
    }
    END {
      printf "%-18s %12s %12s %14s  %s\n", "kernel", "circle ms", "nvcc ms", "nvcc/circle", "outputs"
      count = 0; logsum = 0; left = ""
      for (k in names) sorted[++m] = k
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (sorted[j] < sorted[i]) { x = sorted[i]; sorted[i] = sorted[j]; sorted[j] = x }
      for (i = 1; i <= m; i++) {
        k = sorted[i]; c = median(t["circle " k]); n = median(t["nvcc " k]); ratio = n / c
        same = r["circle " k] == r["nvcc " k]
        if (k in ref) {
          cr = r["circle " k] == ref[k]; nr = r["nvcc " k] == ref[k]
          outputs = (cr && nr) ? "identical, as the host computes" \
                    : "circle " (cr ? "right" : "WRONG") ", nvcc " (nr ? "right" : "WRONG") " (the host reference)"
          compared = cr && nr
        } else {
          outputs = same ? "identical" : "DIFFER"
          compared = 1
        }
        printf "%-18s %12.4f %12.4f %14.3f  %s\n", k, c, n, ratio, outputs
        if (compared) { logsum += log(ratio); count++ } else left = left " " k
      }
      printf "geometric mean of nvcc/circle over %d kernels: %.3f\n", count, exp(logsum / count)
      if (left != "") printf "not in the mean (an output the host reference shows wrong):%s\n", left
    }' "$log"
}

case "${1:-}" in
  build) build ;;
  run) run ;;
  *) echo "usage: $0 build|run" >&2; exit 2 ;;
esac
