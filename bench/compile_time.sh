#!/usr/bin/env bash
# Compile time and peak memory for 1, 2, 4 and 8 sms: circle against nvcc and against
# clang++'s two-pass CUDA, same source, same sms, one interleaved run.
#   bench/compile_time.sh [runs] [memory runs]
# (BENCH_SOURCES="thrust_cub": only those of small_kernel, stl_heavy, thrust_cub)
# (default 5 timed runs and 3 memory runs per cell; the medians are printed)
# Each compiler builds the executable. nvcc gets one -gencode per sm with
# code=[sm_XX,compute_XX] and clang++ one --offload-arch per sm: the same cubin + PTX
# per sm that circle puts in its fat binary. Wall time and peak memory are those of
# the whole process tree (bench/tree_peak.py), each from runs of its own: the memory
# sampler's work would take CPU from the compiles it timed. "circle -t1" is circle with one
# thread for the sms' back ends and ptxas: how it scales with this machine's cores.
# circle's preamble cache (README: the preamble cache) lives in a directory of this
# run, warmed once per cell before timing, as in a build of many sources with the same
# options; "no cache" is circle with CIRCLE_CACHE_DIR=off, what a first compile costs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
circle="${CIRCLE:-$root/build/bin/circle}"
cuda="${CUDA_PATH:-/usr/local/cuda}"
nvcc="$cuda/bin/nvcc"
clangxx="${CLANGXX:-clang++-22}"
runs="${1:-5}"
mem_runs="${2:-3}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CIRCLE_CACHE_DIR="$work/cache"

all_sms=(75 80 86 87 89 90 100 120)
declare -A times mems

# One run of one compiler on one cell, timed or sampled for memory as the round
# says; appends to its samples.
sample() {
  local key=$1; shift
  local t m
  if [ "$measure" = time ]; then
    times[$key]+="$("$here/tree_peak.py" --wall "$@") "
  else
    read -r t m < <("$here/tree_peak.py" "$@")
    mems[$key]+="$m "
  fi
}
median() { tr ' ' '\n' <<< "$1" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "circle: $("$circle" --version | head -1)"
echo "nvcc:   $("$nvcc" --version | tail -1)"
echo "clang:  $("$clangxx" --version | head -1) (two-pass CUDA: --no-offload-new-driver)"
echo "host:   $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "runs per cell: $runs timed, $mem_runs for memory (medians), interleaved"
echo

cells=()
for src in ${BENCH_SOURCES:-small_kernel stl_heavy thrust_cub}; do
  counts=(1 2 4 8)
  [ "$src" = thrust_cub ] && counts=(1 2 4) # nvcc takes minutes for 8
  for n in "${counts[@]}"; do cells+=("$src:$n"); done
done
for cell in "${cells[@]}"; do # the preamble cache: a configuration's PCH is built at its second compile
  src=${cell%:*} n=${cell#*:}
  flags=()
  for sm in "${all_sms[@]:0:$n}"; do flags+=("-sm_$sm"); done
  for warm in 1 2; do "$circle" --cuda-path="$cuda" "${flags[@]}" "$here/$src.cxx" -o "$work/c.out"; done
done
rounds=()
for ((r = 0; r < runs || r < mem_runs; r++)); do
  ((r < runs)) && rounds+=(time)
  ((r < mem_runs)) && rounds+=(memory)
done
for measure in "${rounds[@]}"; do
  for cell in "${cells[@]}"; do
    src=${cell%:*} n=${cell#*:}
    sms=("${all_sms[@]:0:$n}")
    circle_flags=() nvcc_flags=() clang_flags=()
    for sm in "${sms[@]}"; do
      circle_flags+=("-sm_$sm")
      nvcc_flags+=("-gencode" "arch=compute_$sm,code=[sm_$sm,compute_$sm]")
      clang_flags+=("--offload-arch=sm_$sm")
    done
    sample "circle:$cell" "$circle" --cuda-path="$cuda" "${circle_flags[@]}" "$here/$src.cxx" -o "$work/c.out"
    [ "$n" = 8 ] && [ "$measure" = time ] && sample "circle1:$cell" "$circle" --cuda-path="$cuda" -t 1 "${circle_flags[@]}" "$here/$src.cxx" -o "$work/c1.out"
    [ "$measure" = time ] && sample "cold:$cell" env CIRCLE_CACHE_DIR=off "$circle" --cuda-path="$cuda" "${circle_flags[@]}" "$here/$src.cxx" -o "$work/c0.out"
    sample "nvcc:$cell" "$nvcc" -x cu -std=c++20 --expt-relaxed-constexpr "${nvcc_flags[@]}" "$here/$src.cxx" -o "$work/n.out"
    [ "$src" = thrust_cub ] || sample "clang:$cell" "$clangxx" -x cuda --no-offload-new-driver --cuda-path="$cuda" \
      -Wno-unknown-cuda-version -std=c++20 -O2 "${clang_flags[@]}" "$here/$src.cxx" -o "$work/l.out" \
      -L"$cuda/lib64" -lcudart
  done
done

printf '%-13s %-3s | %8s %9s %8s %8s %8s | %9s %8s %8s | %8s %8s %8s | %9s\n' source sms "circle s" "circle-t1" \
  "no cache" "nvcc s" "clang s" "circle MB" "nvcc MB" "clang MB" "nvcc/c" "c/nvcc" "clang/c" "vs 1 sm"
declare -A one
for cell in "${cells[@]}"; do
  src=${cell%:*} n=${cell#*:}
  ct=$(median "${times[circle:$cell]}") nt=$(median "${times[nvcc:$cell]}") c0=$(median "${times[cold:$cell]}")
  cm=$(median "${mems[circle:$cell]}") nm=$(median "${mems[nvcc:$cell]}")
  c1=- lt=- lm=- lx=-
  [ -n "${times[circle1:$cell]:-}" ] && c1=$(median "${times[circle1:$cell]}")
  if [ -n "${times[clang:$cell]:-}" ]; then
    lt=$(median "${times[clang:$cell]}") lm=$(median "${mems[clang:$cell]}")
    lx=$(printf '%.2f' "$(echo "$lt / $ct" | bc -l)")
  fi
  [ "$n" = 1 ] && one[$src]=$ct
  printf '%-13s %-3s | %8s %9s %8s %8s %8s | %9s %8s %8s | %8.2f %8.2f %8s | %8.2fx\n' "$src" "$n" "$ct" "$c1" "$c0" \
    "$nt" "$lt" "$cm" "$nm" "$lm" "$(echo "$nt / $ct" | bc -l)" "$(echo "$ct / $nt" | bc -l)" "$lx" \
    "$(echo "$ct / ${one[$src]}" | bc -l)"
done
echo
echo "nvcc/c, clang/c: their time / circle's (above 1: circle is faster); c/nvcc: circle's / nvcc's. vs 1 sm: circle's time / its 1-sm time."
echo "no cache: circle with CIRCLE_CACHE_DIR=off (its preamble parsed, as at a configuration's first compile)."
echo "MB: peak resident memory of the whole process tree, in MiB."
