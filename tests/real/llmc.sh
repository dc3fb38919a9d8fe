#!/usr/bin/env bash
# llm.c's dev/cuda kernels (karpathy/llm.c), each a program that checks its kernels against
# a CPU reference and times them, built by their own Makefile with circle as NVCC here and
# with nvcc on the GPU machine, both run there:
#   tests/real/llmc.sh build [ARCH]   here (default 90): circle's builds and the sources,
#                                     packed as tests/real/bin/llmc.tar.xz
#   tests/real/llmc.sh run            on the GPU machine (carry the pack): nvcc's builds,
#                                     then every program of both builds at once: each one's
#                                     verdict against its CPU reference (its kernel times
#                                     are printed but were taken on a shared GPU)
# nccl_all_reduce is left out (MPI and NCCL are not the toolkit's).
source "$(dirname "$0")/lib.sh"
out="$here/bin/llmc"
targets="adamw attention_backward attention_forward classifier_fused crossentropy_forward
  crossentropy_softmax_backward encoder_backward encoder_forward gelu_backward gelu_forward
  layernorm_backward layernorm_forward matmul_backward matmul_backward_bias matmul_forward
  residual_forward softmax_forward trimat_forward fused_residual_forward global_norm permute"

case "${1:-}" in
build)
  arch="${2:-90}"
  src=$(checkout_of karpathy/llm.c "$LLMC_COMMIT") || exit 1
  rm -rf "$out" && mkdir -p "$out/circle" && cp -r "$src/dev/cuda" "$out/src"
  failed=0
  for t in $targets; do
    start=$(date +%s)
    if make -s -C "$out/src" NVCC="$circle" GPU_COMPUTE_CAPABILITY="$arch" "$t" > "$out/circle/$t.log" 2>&1; then
      mv "$out/src/$t" "$out/circle/$t"
      echo "built $t ($(( $(date +%s) - start )) s)"
    else
      failed=$((failed + 1))
      echo "BUILD FAILED $t"; grep -m5 error "$out/circle/$t.log"
    fi
  done
  echo "$arch" > "$out/arch.txt"
  # matmul_forward/backward use OpenMP: circle's builds need LLVM's libomp, which the GPU
  # machine may lack.
  mkdir -p "$out/lib" && cp -L "$(ldconfig -p | awk '/libomp.so.5 /{print $NF; exit}')" "$out/lib/" 2> /dev/null
  tar -C "$here/bin" -cJf "$here/bin/llmc.tar.xz" llmc
  echo "circle: $failed of $(echo $targets | wc -w) failed to build"
  [ $failed = 0 ]
  ;;
run)
  [ -d "$out" ] || tar -C "$here/bin" -xJf "$here/bin/llmc.tar.xz"
  arch=$(cat "$out/arch.txt")
  mkdir -p "$out/nvcc"
  make -s -j"$(nproc)" -C "$out/src" GPU_COMPUTE_CAPABILITY="$arch" $targets > "$out/nvcc/build.log" 2>&1
  for t in $targets; do [ -x "$out/src/$t" ] && mv "$out/src/$t" "$out/nvcc/$t"; done
  # A program's kernels: "block_size N | time T ms" lines, one per kernel variant it runs.
  times() { grep -oE 'block_size +[0-9]+ *\| *time +[0-9.]+ ms' "$1" | awk '{print $2 "=" $5}' | tr '\n' ' '; }
  # Every program of both builds at once (their CPU references take minutes), each for
  # at most LLMC_TIMEOUT seconds: verdicts, not speed (the GPU is shared meanwhile).
  for t in $targets; do for b in circle nvcc; do [ -x "$out/$b/$t" ] && echo "$b/$t"; done; done |
    xargs -P "$(nproc)" -I{} sh -c "cd '$out/src' && LD_LIBRARY_PATH='$out/lib' timeout ${LLMC_TIMEOUT:-300} ../{} > ../{}.out 2>&1; echo \$? > ../{}.rc"
  for t in $targets; do
    verdict() { [ -f "$out/$1/$t.rc" ] || { echo "not built"; return; }
                echo "exit $(cat "$out/$1/$t.rc"), $(grep -c 'All results match' "$out/$1/$t.out") matches, $(grep -c 'Mismatch' "$out/$1/$t.out") mismatches"; }
    echo "$t: circle $(verdict circle) | nvcc $(verdict nvcc)"
    [ -f "$out/circle/$t.out" ] && echo "  circle ms: $(times "$out/circle/$t.out")"
    [ -f "$out/nvcc/$t.out" ] && echo "  nvcc   ms: $(times "$out/nvcc/$t.out")"
  done
  ;;
*)
  echo "usage: tests/real/llmc.sh build [ARCH] | run" >&2
  exit 2
  ;;
esac
