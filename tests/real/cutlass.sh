#!/usr/bin/env bash
# CUTLASS's examples, built by circle with the command line nvcc gets, run on the GPU
# beside nvcc's build of the same sources:
#   tests/real/cutlass.sh build   here: circle builds each example into tests/real/bin/cutlass/,
#                                 and the headers and sources nvcc needs go beside them;
#                                 packed as tests/real/bin/cutlass.tar.xz
#   tests/real/cutlass.sh run     on the GPU machine (carry tests/real/bin/cutlass.tar.xz):
#                                 nvcc builds the same examples, both builds run; each
#                                 must print CUTLASS's own "Passed", with GFLOP/s beside nvcc's
source "$(dirname "$0")/lib.sh"
out="$here/bin/cutlass"
examples=("${CUTLASS_EXAMPLES[@]}")
read -r -a flags <<< "$(cutlass_flags src)"

case "${1:-}" in
build)
  src=$(checkout_of NVIDIA/cutlass "$CUTLASS_COMMIT") || exit 1
  rm -rf "$out" && mkdir -p "$out/src/examples"
  cp -r "$src/include" "$out/src/"
  mkdir -p "$out/src/tools/util" && cp -r "$src/tools/util/include" "$out/src/tools/util/"
  failed=0
  for e in "${examples[@]}"; do
    read -r name file arch <<< "$e"
    mkdir -p "$out/src/$(dirname "$file")" && cp -r "$src/$(dirname "$file")/." "$out/src/$(dirname "$file")/"
    cp -r "$src/examples/common" "$out/src/examples/"
    start=$(date +%s%N)
    if (cd "$out" && "$circle" --cuda-path="$cuda" "${flags[@]}" $arch "src/$file" -o "$name.circle" > "$name.circle.log" 2>&1); then
      echo "built $name with circle in $(( ($(date +%s%N) - start) / 1000000 )) ms"
    else
      echo "BUILD FAILED $name (circle)"; grep -m5 'error' "$out/$name.circle.log"; failed=1
    fi
  done
  printf '%s\n' "${examples[@]}" > "$out/examples.txt"
  printf '%s\n' "${flags[@]}" > "$out/flags.txt"
  tar -C "$here/bin" -cJf "$here/bin/cutlass.tar.xz" cutlass
  exit $failed
  ;;
run)
  # On the GPU machine, from the repository root with the pack carried.
  [ -d "$out" ] || tar -C "$here/bin" -xJf "$here/bin/cutlass.tar.xz"
  cd "$out"
  mapfile -t flags < flags.txt
  failed=0
  while read -r name file arch; do
    ("$cuda/bin/nvcc" "${flags[@]}" $arch "src/$file" -o "$name.nvcc" > "$name.nvcc.log" 2>&1; echo $? > "$name.nvcc.status") &
  done < examples.txt
  wait
  while read -r name file arch; do
    if [ "$(cat "$name.nvcc.status")" != 0 ]; then echo "nvcc could not build $name"; tail -5 "$name.nvcc.log"; fi
    for build in circle nvcc; do
      [ -x "$name.$build" ] || { echo "$name ($build): no binary"; failed=1; continue; }
      "./$name.$build" > "$name.$build.out" 2>&1
      status=$?
      verdict=$(grep -o -m1 -i 'Passed\|Failed' "$name.$build.out")
      gflops=$(grep -i -m1 'GFLOP' "$name.$build.out" | tr -s ' ')
      echo "$name ($build): exit $status, ${verdict:-no verdict}${gflops:+, $gflops}"
      [ "$build" = circle ] && { [ "$status" = 0 ] && [ "$verdict" = Passed ] || failed=1; }
    done
  done < examples.txt
  exit $failed
  ;;
*)
  echo "usage: tests/real/cutlass.sh build|run" >&2
  exit 2
  ;;
esac
