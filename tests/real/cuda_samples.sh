#!/usr/bin/env bash
# NVIDIA's cuda-samples that need only the toolkit's libraries (cuda_samples.py says
# which and how each is compiled), built by circle here and by nvcc on the GPU machine,
# both run there and their outputs compared:
#   tests/real/cuda_samples.sh build [ARCH...]   here (default arch 90): circle's builds and the
#                                                samples' sources and data, packed as
#                                                tests/real/bin/cuda_samples.tar.xz
#   tests/real/cuda_samples.sh run               on the GPU machine (carry the pack)
#   tests/real/cuda_samples.sh figures [ROUNDS [RECHECK]]  there, after run: the speed figures
#                                                each sample prints, circle's build over nvcc's
#                                                (sample_figures.py; RECHECK more rounds for a
#                                                sample with a figure below 0.95)
#   tests/real/cuda_samples.sh cmake [nvcc [all]]  the samples' own CMake projects, each configured
#                                                with CMAKE_CUDA_COMPILER=circle (or nvcc) and
#                                                nothing else: what builds, in
#                                                tests/real/bin/cmake-trees/{circle,nvcc}.json;
#                                                circle's executables packed as `build` packs them,
#                                                with nvcc's CMake builds if `cmake nvcc` ran first.
#                                                nvcc: the projects circle did not build whole
#                                                (after circle's run), or all of them
#   tests/real/cuda_samples.sh compare           the targets nvcc's CMake builds built and
#                                                circle's did not (after both `cmake` runs)
source "$(dirname "$0")/lib.sh"
out="$here/bin/cuda_samples"
# The selected samples' directories (their data files) and Common/ beside circle's
# executables, with the architectures nvcc is to build for there, packed for the GPU run.
pack_sources() { # checkout arch...
  local src=$1; shift
  dirs=$(python3 "$here/cuda_samples.py" list "$src" | python3 -c 'import json,sys; print(" ".join(s["dir"] for s in json.load(sys.stdin)))')
  (cd "$src" && tar --exclude='*.doc' --exclude='*.docx' --exclude='*.pdf' -cf - Common $dirs) | tar -C "$out" -xf - &&
    mkdir -p "$out/src" && mv "$out/Common" "$out/Samples" "$out/src/"
  echo "$*" > "$out/archs.txt"
  tar -C "$here/bin" -cJf "$here/bin/cuda_samples.tar.xz" cuda_samples
}
case "${1:-}" in
build)
  shift
  archs=("${@:-90}")
  src=$(checkout_of NVIDIA/cuda-samples "$SAMPLES_COMMIT") || exit 1
  rm -rf "$out" && mkdir -p "$out"
  python3 "$here/cuda_samples.py" build "$src" "$out/bin" "$circle" "$cuda" "${archs[@]}"
  status=$?
  pack_sources "$src" "${archs[@]}"
  exit $status
  ;;
cmake)
  src=$(checkout_of NVIDIA/cuda-samples "$SAMPLES_COMMIT") || exit 1
  trees="$here/bin/cmake-trees"
  if [ "${2:-circle}" = nvcc ]; then
    # nvcc builds the projects circle did not build whole (where nvcc could build a
    # target circle did not); `all` after nvcc: every project.
    if [ "${3:-}" != all ]; then
      python3 "$here/cuda_samples.py" not-fully-built "$trees" circle > "$trees/for-nvcc.txt" || exit 1
      export CUDA_SAMPLES_CMAKE_PROJECTS="$trees/for-nvcc.txt"
    fi
    python3 "$here/cuda_samples.py" cmake "$src" "$trees" "$trees/nvcc-executables" "$cuda/bin/nvcc" nvcc
    exit $?
  fi
  rm -rf "$out" && mkdir -p "$out"
  python3 "$here/cuda_samples.py" cmake "$src" "$trees" "$out/bin" "$circle" circle || exit 1
  # nvcc's CMake builds (an earlier `cmake nvcc`) go with circle's: the GPU run compares
  # the two builds of each sample's own CMake project; nvcc builds the rest there.
  [ -d "$trees/nvcc-executables" ] && cp "$trees/nvcc-executables/"*.nvcc "$out/bin/" 2> /dev/null
  pack_sources "$src" 90
  ;;
compare)
  python3 "$here/cuda_samples.py" compare "$here/bin/cmake-trees" circle nvcc
  ;;
run)
  [ -d "$out" ] || tar -C "$here/bin" -xJf "$here/bin/cuda_samples.tar.xz"
  read -r -a archs < "$out/archs.txt"
  python3 "$here/cuda_samples.py" run "$out/bin" "$out/src" "$cuda" "${archs[@]}"
  ;;
figures)
  # After `run` (both builds there): each sample alone, interleaved, its speed figures.
  python3 "$here/sample_figures.py" run "$out/bin" "$out/src" "${2:-4}" "${3:-0}"
  ;;
*)
  echo "usage: tests/real/cuda_samples.sh build [ARCH...] | run | figures [ROUNDS [RECHECK]] | cmake [nvcc] | compare" >&2
  exit 2
  ;;
esac
