#!/usr/bin/env bash
# Compile time and peak memory: circle against nvcc, same source, same targets, same run.
#   bench/compile_time.sh [runs]      (default 5 runs per cell; the median is printed)
# nvcc gets one -gencode per sm with code=[sm_XX,compute_XX], i.e. the same cubin + PTX
# per sm that circle puts in its fat binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
circle="${CIRCLE:-$root/build/bin/circle}"
cuda="${CUDA_PATH:-/usr/local/cuda}"
nvcc="$cuda/bin/nvcc"
runs="${1:-5}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints "<median seconds> <median peak MiB>" of $runs runs of the command.
measure() {
  local times=() mems=()
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" > /dev/null 2> "$work/err" || { cat "$work/err" >&2; return 1; }
    read -r t m < "$work/t"
    times+=("$t"); mems+=("$m")
  done
  local mt mm
  mt=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  mm=$(printf '%s\n' "${mems[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]/1024}')
  echo "$mt $mm"
}

echo "circle: $("$circle" --version | head -1)"
echo "nvcc:   $("$nvcc" --version | tail -1)"
echo "host:   $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "runs per cell: $runs (median)"
echo
printf '%-16s %-4s | %9s %9s | %9s %9s | %7s %7s\n' source sms "circle s" "nvcc s" "circle MiB" "nvcc MiB" "time x" "mem x"
all_sms=(75 80 86 90)
for src in small_kernel stl_heavy thrust_cub; do
  counts=(1 2 4)
  [ "$src" = thrust_cub ] && counts=(1) # CUB builds for one sm in one pass (README: CCCL)
  for n in "${counts[@]}"; do
    sms=("${all_sms[@]: -$n}")
    circle_flags=() nvcc_flags=()
    for sm in "${sms[@]}"; do
      circle_flags+=("-sm_$sm")
      nvcc_flags+=("-gencode" "arch=compute_$sm,code=[sm_$sm,compute_$sm]")
    done
    read -r ct cm < <(measure "$circle" --cuda-path="$cuda" "${circle_flags[@]}" "$here/$src.cxx" -o "$work/c.out")
    read -r nt nm < <(measure "$nvcc" -x cu -std=c++20 --expt-relaxed-constexpr "${nvcc_flags[@]}" "$here/$src.cxx" -o "$work/n.out")
    printf '%-16s %-4s | %9s %9s | %9s %9s | %7.2f %7.2f\n' "$src" "$n" "$ct" "$nt" "$cm" "$nm" \
      "$(echo "$nt / $ct" | bc -l)" "$(echo "$nm / $cm" | bc -l)"
  done
done
echo
echo "time x = nvcc time / circle time (above 1: circle is faster); mem x = nvcc peak / circle peak."
echo "Peak memory is the largest single process (GNU time %M); nvcc runs several in sequence."
