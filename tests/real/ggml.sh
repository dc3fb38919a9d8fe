#!/usr/bin/env bash
# ggml's CUDA backend built through ggml's own CMake with circle as the CUDA compiler,
# and its test-backend-ops run on the GPU against nvcc's build of the same commit:
#   tests/real/ggml.sh build [ARCHS]   here: configure and build with CMAKE_CUDA_COMPILER=circle
#                                      (ARCHS: CMAKE_CUDA_ARCHITECTURES, default 90); the
#                                      programs and libraries packed as tests/real/bin/ggml.tar.xz,
#                                      with the sources nvcc's build needs
#   tests/real/ggml.sh run             on the GPU machine (carry tests/real/bin/ggml.tar.xz):
#                                      builds ggml with nvcc (when cmake is there), runs
#                                      test-backend-ops -b CUDA0 (and perf) for both builds
source "$(dirname "$0")/lib.sh"
out="$here/bin/ggml"

case "${1:-}" in
build)
  archs="${2:-90}"
  src=$(checkout_of ggml-org/ggml "$GGML_COMMIT") || exit 1
  rm -rf "$out" && mkdir -p "$out"
  build="$out/build-circle"
  # This machine has no driver: libggml-cuda.so needs libcuda.so.1, which the toolkit's
  # stub stands for while the programs are linked (the GPU machine's driver at run time).
  mkdir -p "$out/driver-stub" && ln -sf "$cuda/lib/stubs/libcuda.so" "$out/driver-stub/libcuda.so.1"
  # Compile lines and their times: CMake's own log of every command.
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGGML_CUDA=ON -DGGML_NATIVE=OFF \
    -DCMAKE_CUDA_COMPILER="$circle" -DCMAKE_CUDA_ARCHITECTURES="$archs" -DCUDAToolkit_ROOT="$cuda" \
    -DGGML_CCACHE=OFF -DCMAKE_CUDA_FLAGS=-Rcircle-passes -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath-link,$out/driver-stub" \
    > "$out/configure.log" 2>&1 ||
    { tail -20 "$out/configure.log"; exit 1; }
  start=$(date +%s)
  cmake --build "$build" --target test-backend-ops > "$out/build.log" 2>&1
  status=$?
  echo "circle's build of ggml ($archs): exit $status in $(( $(date +%s) - start )) s"
  # How many sources needed a front-end pass per target view (frontend/target_views.h).
  sources=$(find "$build" -name '*.cu.o' | wc -l)
  viewed=$(grep -o 'remark: compiled in [0-9]* front-end passes' "$out/build.log" | wc -l)
  echo "CUDA sources compiled: $sources; remarks of passes per view: $viewed"
  [ $status = 0 ] || { grep -m20 'error' "$out/build.log"; exit 1; }
  # What nvcc's build needs, and what runs.
  cp -r "$src" "$out/src" && rm -rf "$out/src/.git"
  echo "$archs" > "$out/archs.txt"
  tar -C "$here/bin" -cJf "$here/bin/ggml.tar.xz" --exclude='*.o' --exclude='CMakeFiles' ggml
  ;;
run)
  [ -d "$out" ] || tar -C "$here/bin" -xJf "$here/bin/ggml.tar.xz"
  cd "$out"
  archs=$(cat archs.txt)
  if command -v cmake > /dev/null && [ ! -x build-nvcc/bin/test-backend-ops ]; then
    cmake -S src -B build-nvcc -DCMAKE_BUILD_TYPE=Release -DGGML_CUDA=ON -DGGML_NATIVE=OFF \
      -DCMAKE_CUDA_ARCHITECTURES="$archs" -DGGML_CCACHE=OFF > nvcc-configure.log 2>&1 &&
      cmake --build build-nvcc --target test-backend-ops -j "$(nproc)" > nvcc-build.log 2>&1 ||
      { echo "nvcc's build failed"; tail -5 nvcc-build.log; }
  fi
  for b in circle nvcc; do
    [ -x "build-$b/bin/test-backend-ops" ] || { echo "$b: no test-backend-ops"; continue; }
    LD_LIBRARY_PATH="build-$b/bin:$LD_LIBRARY_PATH" "build-$b/bin/test-backend-ops" -b CUDA0 > "$b.ops.log" 2>&1
    echo "$b: exit $? $(grep -E '[0-9]+/[0-9]+ tests passed' "$b.ops.log" | tail -1)"
    grep -E 'FAIL' "$b.ops.log" | head -10
  done
  ;;
*)
  echo "usage: tests/real/ggml.sh build [ARCHS] | run" >&2
  exit 2
  ;;
esac
