#!/usr/bin/env bash
# NVIDIA's cuda-samples that need only the toolkit's libraries (cuda_samples.py says
# which and how each is compiled), built by circle here and by nvcc on the GPU machine,
# both run there and their outputs compared:
#   tests/real/cuda_samples.sh build [ARCH...]   here (default arch 90): circle's builds and the
#                                                samples' sources and data, packed as
#                                                tests/real/bin/cuda_samples.tar.xz
#   tests/real/cuda_samples.sh run               on the GPU machine (carry the pack)
source "$(dirname "$0")/lib.sh"
out="$here/bin/cuda_samples"
case "${1:-}" in
build)
  shift
  archs=("${@:-90}")
  src=$(checkout_of NVIDIA/cuda-samples "$SAMPLES_COMMIT") || exit 1
  rm -rf "$out" && mkdir -p "$out"
  python3 "$here/cuda_samples.py" build "$src" "$out/bin" "$circle" "$cuda" "${archs[@]}"
  status=$?
  # The selected samples' directories (their data files) and Common/.
  dirs=$(python3 "$here/cuda_samples.py" list "$src" | python3 -c 'import json,sys; print(" ".join(s["dir"] for s in json.load(sys.stdin)))')
  (cd "$src" && tar --exclude='*.doc' --exclude='*.docx' --exclude='*.pdf' -cf - Common $dirs) | tar -C "$out" -xf - &&
    mkdir -p "$out/src" && mv "$out/Common" "$out/Samples" "$out/src/"
  echo "${archs[*]}" > "$out/archs.txt"
  tar -C "$here/bin" -cJf "$here/bin/cuda_samples.tar.xz" cuda_samples
  exit $status
  ;;
run)
  [ -d "$out" ] || tar -C "$here/bin" -xJf "$here/bin/cuda_samples.tar.xz"
  read -r -a archs < "$out/archs.txt"
  python3 "$here/cuda_samples.py" run "$out/bin" "$out/src" "$cuda" "${archs[@]}"
  ;;
*)
  echo "usage: tests/real/cuda_samples.sh build [ARCH...] | run" >&2
  exit 2
  ;;
esac
