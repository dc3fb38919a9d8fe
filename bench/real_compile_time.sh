#!/usr/bin/env bash
# Compile time of real projects' sources: circle against nvcc, one object each, the flags
# ggml's CMake gives both (sm_90: cubin and PTX), runs interleaved, medians printed.
#   bench/real_compile_time.sh [runs] [source...]
# Sources are paths inside ggml's checkout (tests/real/checkout.sh ggml-org/ggml); by
# default three of its CUDA sources of different weights. Not in CI (no network there).
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
source "$bench/../tests/real/lib.sh"
nvcc="$cuda/bin/nvcc"
runs="${1:-3}"
shift || true
sources=("${@:-src/ggml-cuda/softmax.cu src/ggml-cuda/argsort.cu src/ggml-cuda/mmvq.cu}")
read -r -a sources <<< "${sources[*]}"
ggml=$(checkout_of ggml-org/ggml "$GGML_COMMIT") || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
common=(-DGGML_BACKEND_BUILD -DGGML_BACKEND_SHARED -DGGML_CUDA_PEER_MAX_BATCH_SIZE=128 -DGGML_SCHED_MAX_COPIES=4
        -DGGML_SHARED -D_GNU_SOURCE -D_XOPEN_SOURCE=600 -Dggml_cuda_EXPORTS -I"$ggml/src" -I"$ggml/include"
        -O3 -DNDEBUG -use_fast_math -extended-lambda -x cu -c)
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

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
  mc=$(echo "$c" | median) mn=$(echo "$n" | median)
  printf '%-34s %10.1f %10.1f %12.2f\n' "$src" "$mc" "$mn" "$(awk -v n="$mn" -v c="$mc" 'BEGIN {print n / c}')"
done
