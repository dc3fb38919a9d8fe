#!/usr/bin/env bash
# Compile time of real projects' sources: circle against nvcc, one object each, runs
# interleaved, medians printed. Not in CI (no network there).
#   bench/real_compile_time.sh [runs] [source...]
#       ggml's sources (paths inside its checkout, tests/real/checkout.sh ggml-org/ggml;
#       by default three of different weights) with the flags ggml's CMake gives both
#       (sm_90: cubin and PTX)
#   REAL_PROJECT=cutlass bench/real_compile_time.sh [runs]
#       CUTLASS's examples that tests/real/cutlass.sh runs, each compiled to an executable
#       with the command line that script gives nvcc (CUTLASS's flags, the example's
#       -gencode pairs) and circle
#   REAL_PROJECT=cuda-samples bench/real_compile_time.sh [runs] [sample...]
#       cuda-samples' sources (by default the five tensor-core GEMMs), each compiled to an
#       executable for sm_90 with tests/real/cuda_samples.py's command line, by both
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
source "$bench/../tests/real/lib.sh"
nvcc="$cuda/bin/nvcc"
runs="${1:-3}"
shift || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
row() { printf '%-34s %10.1f %10.1f %12.2f\n' "$1" "$2" "$3" "$(awk -v n="$3" -v c="$2" 'BEGIN {print n / c}')"; }

if [ "${REAL_PROJECT:-ggml}" = cutlass ]; then
  src=$(checkout_of NVIDIA/cutlass "$CUTLASS_COMMIT") || exit 1
  read -r -a flags <<< "$(cutlass_flags "$src")"
  echo "CUTLASS $CUTLASS_COMMIT, $runs runs each, wall seconds (median), $(nproc) cores"
  printf '%-34s %10s %10s %12s\n' example circle nvcc nvcc/circle
  for e in "${CUTLASS_EXAMPLES[@]}"; do
    read -r name file arch <<< "$e"
    c="" n=""
    for ((r = 0; r < runs; r++)); do
      c+="$("$bench/tree_peak.py" --wall "$circle" --cuda-path="$cuda" "${flags[@]}" $arch "$src/$file" -o "$work/c") "
      n+="$("$bench/tree_peak.py" --wall "$nvcc" "${flags[@]}" $arch "$src/$file" -o "$work/n") "
    done
    row "$name" "$(echo "$c" | median)" "$(echo "$n" | median)"
  done
  exit 0
fi

if [ "${REAL_PROJECT:-ggml}" = cuda-samples ]; then
  src=$(checkout_of NVIDIA/cuda-samples "$SAMPLES_COMMIT") || exit 1
  names=("${@:-bf16TensorCoreGemm cudaTensorCoreGemm dmmaTensorCoreGemm immaTensorCoreGemm tf32TensorCoreGemm}")
  read -r -a names <<< "${names[*]}"
  flags=(-O3 -std=c++17 --extended-lambda -lineinfo -I "$src/Common" -gencode arch=compute_90,code=sm_90)
  echo "cuda-samples $SAMPLES_COMMIT, $runs runs each, wall seconds (median), $(nproc) cores"
  printf '%-34s %10s %10s %12s\n' sample circle nvcc nvcc/circle
  for name in "${names[@]}"; do
    dir=$(find "$src/Samples" -mindepth 2 -maxdepth 2 -type d -name "$name" | head -1)
    c="" n=""
    for ((r = 0; r < runs; r++)); do
      c+="$(cd "$dir" && "$bench/tree_peak.py" --wall "$circle" --cuda-path="$cuda" "${flags[@]}" *.cu -o "$work/c") "
      n+="$(cd "$dir" && "$bench/tree_peak.py" --wall "$nvcc" "${flags[@]}" *.cu -o "$work/n") "
    done
    row "$name" "$(echo "$c" | median)" "$(echo "$n" | median)"
  done
  exit 0
fi

sources=("${@:-src/ggml-cuda/softmax.cu src/ggml-cuda/argsort.cu src/ggml-cuda/mmvq.cu}")
read -r -a sources <<< "${sources[*]}"
ggml=$(checkout_of ggml-org/ggml "$GGML_COMMIT") || exit 1
common=(-DGGML_BACKEND_BUILD -DGGML_BACKEND_SHARED -DGGML_CUDA_PEER_MAX_BATCH_SIZE=128 -DGGML_SCHED_MAX_COPIES=4
        -DGGML_SHARED -D_GNU_SOURCE -D_XOPEN_SOURCE=600 -Dggml_cuda_EXPORTS -I"$ggml/src" -I"$ggml/include"
        -O3 -DNDEBUG -use_fast_math -extended-lambda -x cu -c)

echo "ggml $GGML_COMMIT, $runs runs each, wall seconds (median), $(nproc) cores"
printf '%-34s %10s %10s %12s\n' source circle nvcc nvcc/circle
for src in "${sources[@]}"; do
  c="" n=""
  for ((r = 0; r < runs; r++)); do
    c+="$("$bench/tree_peak.py" --wall "$circle" --cuda-path="$cuda" --cuda-gpu-arch=sm_90 -std=gnu++17 -fPIC "${common[@]}" \
          "$ggml/$src" -o "$work/c.o") "
    n+="$("$bench/tree_peak.py" --wall "$nvcc" --generate-code=arch=compute_90,code=[compute_90,sm_90] -std=c++17 -Xcompiler=-fPIC \
          "${common[@]}" "$ggml/$src" -o "$work/n.o") "
  done
  row "$src" "$(echo "$c" | median)" "$(echo "$n" | median)"
done
