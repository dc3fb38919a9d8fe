#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (run as root), builds circle into build/bin/circle
# and compiles examples/hello.cxx with it. The CUDA toolkit is expected at
# /usr/local/cuda (override with CUDA_PATH); it is not a Debian package.
set -euo pipefail
cd "$(dirname "$0")"
CUDA_PATH="${CUDA_PATH:-/usr/local/cuda}"

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
# LLVM/Clang 22 come from bookworm-security; newlib-source and spirv-tools are for the
# device libc and the SPIR-V target (validation), gcc-12-source for libstdc++'s testsuite
# (tests/stdlib), the Vulkan loader and Mesa's lavapipe for
# running SPIR-V shaders on the CPU; xz-utils packs the GPU suite for the GPU machine;
# python3 runs the fuzz harness (tests/fuzz); meson, ccache, distcc and clangd-22 are
# the build setups tests/buildsystems checks circle in; Clang's runtimes serve host code
# built with -fsanitize= and -fopenmp; procps's pkill interrupts a compile in
# tests/e2e/test_robustness.sh; patchelf lets tests/real/remote_circle.sh pack circle with
# its libraries for the GPU machine.
$SUDO apt-get install -y --no-install-recommends \
  build-essential cmake ninja-build \
  llvm-22 llvm-22-dev libclang-cpp22-dev libclang-22-dev clang-22 lld-22 \
  catch2 spirv-tools newlib-source gcc-12-source xz-utils python3 \
  libvulkan-dev mesa-vulkan-drivers \
  meson ccache distcc clangd-22 libclang-rt-22-dev libomp-22-dev procps patchelf

if [ ! -x "$CUDA_PATH/bin/ptxas" ]; then
  echo "setup.sh: no CUDA toolkit at $CUDA_PATH (set CUDA_PATH); circle needs its ptxas, fatbinary," >&2
  echo "          libdevice, headers and libcudart_static.a" >&2
  exit 1
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCIRCLE_CUDA_PATH="$CUDA_PATH"
cmake --build build

build/bin/circle --cuda-path="$CUDA_PATH" -sm_75 -sm_90 examples/hello.cxx -o build/hello
build/bin/circle --list-fatbin=build/hello
echo "setup.sh: built build/bin/circle and build/hello"
