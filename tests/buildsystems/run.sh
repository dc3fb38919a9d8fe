#!/usr/bin/env bash
# circle in the build systems users bring (tests/buildsystems/project, built from
# scratch each time): CMake with circle as its CUDA compiler and as its C++ compiler
# (Ninja and Make; Debug, Release, MinSizeRel, RelWithDebInfo), Meson, ccache, distcc
# and clangd. CTest runs it as `buildsystems`; setup.sh installs the tools.
source "$(dirname "$0")/../e2e/lib.sh"
here="$CIRCLE_ROOT/tests/buildsystems"
cp -r "$here/project" proj

configure_and_build() { # build-dir log-name cmake-args...
  local dir=$1 name=$2; shift 2
  if ! cmake -S proj -B "$dir" "$@" > "$name.configure.log" 2>&1; then
    fail "$name: configure failed: $(tail -20 "$name.configure.log")"; return 1
  fi
  if ! cmake --build "$dir" > "$name.build.log" 2>&1; then
    fail "$name: build failed: $(tail -30 "$name.build.log")"; return 1
  fi
  check
}
runs() { # executable description
  local out; out=$("$1" 2>&1); local rc=$?
  expect_eq "$rc" 0 "$2: exit status ($out)"
  expect_contains "$out" "vecdemo: " "$2: output"
}
cuda=(-DCMAKE_CUDA_COMPILER="$CIRCLE" -DCMAKE_CUDA_ARCHITECTURES="75;90")
cxx=(-DAS_CXX=ON -DCMAKE_CXX_COMPILER="$CIRCLE" "-DCMAKE_CXX_FLAGS=-sm_75 -sm_90")

# ---- CMake's CUDA language, Ninja, every build type ----
for type in Release Debug MinSizeRel RelWithDebInfo; do
  ptx=(); [ $type = Release ] && ptx=(-DWITH_PTX=ON)
  configure_and_build "cuda-$type" "cuda-ninja-$type" -G Ninja -DCMAKE_BUILD_TYPE=$type "${cuda[@]}" "${ptx[@]}" &&
    runs "cuda-$type/vecdemo" "CMake CUDA, Ninja, $type"
done
expect_contains "$(cat cuda-Release/build.ninja)" "--generate-code=arch=compute_90,code=[compute_90,sm_90]" "CMake drives circle as nvcc"
compiler_info=$(cat cuda-Release/CMakeFiles/*/CMakeCUDACompiler.cmake)
expect_contains "$compiler_info" 'CMAKE_CUDA_COMPILER_ID "NVIDIA"' "CMake identifies circle as nvcc (frontend/nvcc_identity.h)"
expect_contains "$compiler_info" "CMAKE_CUDA_COMPILER_TOOLKIT_ROOT \"$CUDA_PATH\"" "CMake read the toolkit from circle's -v"
expect_contains "$compiler_info" 'CMAKE_CUDA_HOST_LINK_LAUNCHER "/usr/bin/c++"' "CMake links with the host compiler circle links with"
expect_contains "$(readelf -d cuda-Release/libnorm.so)" "Shared library" "CMake's shared library"
expect_not_contains "$(nm -DC cuda-Release/libnorm.so | grep ' T ')" "square_sum" "CUDA_VISIBILITY_PRESET hidden keeps kernels' stubs local"
expect_contains "$(nm -DC cuda-Release/libnorm.so | grep ' T ')" "norm2" "the exported function"

# CMAKE_CUDA_ARCHITECTURES=90a: CMake hands nvcc's spelling of an arch-specific sm on.
configure_and_build cuda-90a cuda-ninja-90a -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$CIRCLE" \
  -DCMAKE_CUDA_ARCHITECTURES=90a &&
  expect_contains "$("$CIRCLE" --list-fatbin=cuda-90a/vecdemo)" "vecdemo.1.sm_90a.cubin" "CMake with 90a: an sm_90a image"

# CUDA_PTX_COMPILATION: CMake's nvcc rule (-ptx) writes the PTX of the target's one
# architecture where CMake expects it, with its dependencies.
rel=CMakeFiles/scale_ptx.dir/src/scale_ptx.ptx ptx=cuda-Release/CMakeFiles/scale_ptx.dir/src/scale_ptx.ptx
expect_contains "$(cat $ptx)" ".target sm_90" "CUDA_PTX_COMPILATION: PTX for the target's architecture"
expect_contains "$(cat $ptx)" ".visible .entry scale_ptx(" "CUDA_PTX_COMPILATION: the kernel, by its C name"
check; "$CUDA_PATH/bin/ptxas" -arch=sm_90 $ptx -o scale.cubin 2> ptxas.log || fail "ptxas on CMake's PTX: $(cat ptxas.log)"
expect_contains "$(ninja -C cuda-Release -t deps $rel)" "include/vec.h" "CUDA_PTX_COMPILATION: the PTX depends on vec.h"

# Touching a header rebuilds exactly what includes it (depfiles), and then nothing.
sleep 1; touch proj/include/vec.h
plan=$(ninja -C cuda-Release -n)
expect_contains "$plan" "saxpy.cxx.o" "vec.h touched: saxpy.cxx rebuilds"
expect_contains "$plan" "main.cxx.o" "vec.h touched: main.cxx rebuilds"
expect_not_contains "$plan" "norm.cxx.o" "vec.h touched: norm.cxx does not"
ninja -C cuda-Release > /dev/null 2>&1
expect_contains "$(ninja -C cuda-Release -n)" "no work to do" "after the rebuild: nothing to do"

# ---- CUDA_SEPARABLE_COMPILATION: -rdc=true objects, a static library's device function
# called from the executable's kernel, resolved by CMake's own device-link step
# (circle -dlink, then c++), for "75;90-real" (ggml's spelling) ----
configure_and_build cuda-rdc cuda-rdc -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$CIRCLE" \
  -DCMAKE_CUDA_ARCHITECTURES="75;90-real" -DWITH_RDC=ON &&
  expect_contains "$(cat cuda-rdc/CMakeFiles/rules.ninja)" "-x cu -rdc=true -c" "CUDA_SEPARABLE_COMPILATION compiles with -rdc=true"
expect_contains "$(ninja -C cuda-rdc -t commands rdcdemo)" "-dlink CMakeFiles/rdcdemo.dir/src/rdc_main.cxx.o -o CMakeFiles/rdcdemo.dir/cmake_device_link.o" \
  "CMake's device-link step runs circle -dlink"
expect_contains "$(cat cuda-rdc/build.ninja)" "code=[sm_90]" "90-real: nvcc's code=sm_90"
expect_eq "$("$CIRCLE" --list-fatbin=cuda-rdc/rdcdemo | grep -o 'sm_[0-9]*.cubin' | sort -u | tr '\n' ' ')" \
  "sm_75.cubin sm_90.cubin " "CUDA_SEPARABLE_COMPILATION: the linked device code, both sms"
expect_contains "$(cuda-rdc/rdcdemo 2>&1)" "rdcdemo: " "the program starts"

# ---- A .cpp and a CUDA file in one target: linked by c++ with the CUDA runtime from
# the implicit link directories CMake read in circle's -v link line (nvcc's LIBRARIES=) ----
configure_and_build cuda-mixed cuda-mixed -G Ninja -DCMAKE_BUILD_TYPE=Release "${cuda[@]}" -DWITH_MIXED=ON &&
  expect_contains "$(cat cuda-mixed/CMakeFiles/*/CMakeCUDACompiler.cmake)" "CMAKE_CUDA_HOST_IMPLICIT_LINK_DIRECTORIES \"$CUDA_PATH/lib64" \
    "CMake read the toolkit's library directory from circle's link line"
expect_contains "$(ninja -C cuda-mixed -t commands mixdemo | tail -1)" "-lcudart_static" "mixdemo: linked by c++ with the static runtime"
expect_contains "$(cuda-mixed/mixdemo 2>&1)" "mixdemo: " "mixdemo runs"

# ---- COMPILE_WARNING_AS_ERROR reaches circle ----
cp proj/src/main.cxx main.orig
sed -i 's/^int main() {/int main() { int unused_variable = 0;/' proj/src/main.cxx
cmake --build cuda-Release > warn.log 2>&1; expect_eq "$?" 1 "-Wall -Werror from CMake: a warning fails the build"
expect_contains "$(cat warn.log)" "unused variable 'unused_variable'" "the warning, from circle"
cp main.orig proj/src/main.cxx

# ---- CMake's CUDA language, Make ----
configure_and_build cuda-make cuda-make -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release "${cuda[@]}" &&
  runs cuda-make/vecdemo "CMake CUDA, Make"
sleep 1; touch proj/include/vec.h
make -C cuda-make > make-rebuild.log 2>&1
expect_contains "$(cat make-rebuild.log)" "saxpy.cxx.o" "Make: vec.h touched rebuilds saxpy.cxx"
expect_not_contains "$(cat make-rebuild.log)" "norm.cxx.o" "Make: and not norm.cxx"

# ---- circle as CMake's C++ compiler ----
configure_and_build cxx-ninja cxx-ninja -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${cxx[@]}" &&
  runs cxx-ninja/vecdemo "CMake CXX, Ninja, Debug"
configure_and_build cxx-make cxx-make -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=MinSizeRel "${cxx[@]}" &&
  runs cxx-make/vecdemo "CMake CXX, Make, MinSizeRel"
expect_eq "$("$CIRCLE" --list-fatbin=cxx-ninja/vecdemo | grep -o 'sm_[0-9]*.cubin' | sort -u | tr '\n' ' ')" \
  "sm_75.cubin sm_90.cubin " "CMake CXX: both sms in the executable"

# ---- Meson ----
if CXX="$CIRCLE" meson setup meson-build proj -Dcpp_args="['-sm_75','-sm_90']" > meson.log 2>&1 &&
   ninja -C meson-build >> meson.log 2>&1; then
  check; runs meson-build/vecdemo "Meson"
else
  fail "Meson: $(tail -30 meson.log)"
fi

# ---- Meson's CUDA language: circle named as the cuda compiler in a native file ----
cp -r "$here/meson_cuda" meson_cuda
printf "[binaries]\ncuda = '%s'\n" "$CIRCLE" > circle-native.ini
if meson setup meson-cuda meson_cuda --native-file circle-native.ini > meson-cuda.log 2>&1 &&
   ninja -C meson-cuda >> meson-cuda.log 2>&1; then
  check
  expect_contains "$(cat meson-cuda.log)" "arch flags: -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90" \
    "Meson's nvcc_arch_flags reads circle's toolkit version"
  expect_contains "$(cat meson-cuda.log)" "Run-time dependency CUDA (modules: cudart) found: YES" "Meson: dependency('cuda', version: '>=12')"
  expect_contains "$(meson-cuda/cudademo)" "cudademo: " "Meson's CUDA executable runs"
  expect_contains "$("$CIRCLE" --list-fatbin=meson-cuda/cudademo)" "sm_90.cubin" "Meson's CUDA executable: sm_90's code"
else
  fail "Meson with circle as the CUDA compiler: $(tail -30 meson-cuda.log)"
fi

# ---- ccache: a second clean build is all cache hits, and its objects run ----
export CCACHE_DIR="$PWD/ccache-dir" CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="$PWD"
ccache -z > /dev/null
configure_and_build ccache-1 ccache-1 -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache "${cuda[@]}"
first=$(ccache --print-stats)
configure_and_build ccache-2 ccache-2 -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache "${cuda[@]}"
second=$(ccache --print-stats)
stat() { awk -v k="$2" '$1 == k { print $2 }' <<< "$1"; }
misses=$(stat "$first" cache_miss); hits=$(( $(stat "$second" direct_cache_hit) + $(stat "$second" preprocessed_cache_hit) ))
expect_eq "$misses" 3 "ccache: the first build compiles its 3 sources"
expect_eq "$hits" 3 "ccache: the second build is all cache hits"
expect_eq "$(stat "$second" cache_miss)" 3 "ccache: and no new misses"
runs ccache-2/vecdemo "ccache's objects"
# Direct mode: the files circle's -E output names all exist (its prelude is a file in
# circle's cache), so a third build hits without running the preprocessor.
configure_and_build ccache-3 ccache-3 -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache "${cuda[@]}"
third=$(ccache --print-stats)
expect_eq "$(( $(stat "$third" direct_cache_hit) - $(stat "$second" direct_cache_hit) ))" 3 \
  "ccache: the third build's hits are all direct-mode hits"
unset CCACHE_DIR CCACHE_NOHASHDIR CCACHE_BASEDIR

# ---- distcc: the compiles run in a distccd on 127.0.0.1 ----
# As root, distccd compiles as nobody, who must reach circle wherever the clone is: a
# copy of its install tree (bin/circle, lib, include) in a directory anyone can read.
dcircle="$CIRCLE"
if [ "$(id -u)" -eq 0 ]; then
  inst=$(mktemp -d "${TMPDIR:-/tmp}/circle-distcc.XXXXXX")
  prefix=$(dirname "$(dirname "$CIRCLE")")
  mkdir -p "$inst/bin" && cp "$CIRCLE" "$inst/bin/" && cp -r "$prefix/lib" "$prefix/include" "$inst/"
  chmod -R a+rX "$inst"
  dcircle="$inst/bin/circle"
fi
port=$((20000 + RANDOM % 20000))
# As root, distccd runs the compiler as nobody; its log goes through our stderr.
distccd --daemon --no-detach --listen 127.0.0.1 --allow 127.0.0.1 --port "$port" --enable-tcp-insecure \
  --log-stderr --log-level info $( [ "$(id -u)" -eq 0 ] && echo --user nobody ) 2> distccd.log &
distccd_pid=$!
trap 'kill $distccd_pid 2>/dev/null; rm -rf "$work" ${inst:+"$inst"}' EXIT
# Wait until it listens (a loaded machine may take more than a moment), at most 20 s.
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.2; done
export DISTCC_HOSTS="127.0.0.1:$port/2" DISTCC_FALLBACK=0 DISTCC_SKIP_LOCAL_RETRY=1 DISTCC_VERBOSE=1
configure_and_build distcc-build distcc -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=distcc \
  -DAS_CXX=ON -DCMAKE_CXX_COMPILER="$dcircle" "-DCMAKE_CXX_FLAGS=-sm_75 -sm_90" &&
  runs distcc-build/vecdemo "distcc's objects"
# CMake's CUDA language: distcc itself keeps `-x cu -c k.cu` local; with CIRCLE_DISTCC
# circle preprocesses each source here and distcc ships the .ii (frontend/distcc_compile.h).
export CIRCLE_DISTCC=distcc
configure_and_build distcc-cuda distcc-cuda -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$dcircle" \
  -DCMAKE_CUDA_ARCHITECTURES="75;90" && runs distcc-cuda/vecdemo "distcc's CUDA objects"
expect_contains "$(ninja -C distcc-cuda -t deps CMakeFiles/saxpy.dir/src/saxpy.cxx.o)" "include/vec.h" \
  "distcc's CUDA objects: the dependency file, written here"
unset CIRCLE_DISTCC DISTCC_HOSTS DISTCC_FALLBACK DISTCC_SKIP_LOCAL_RETRY DISTCC_VERBOSE
kill $distccd_pid 2>/dev/null; wait $distccd_pid 2>/dev/null
# Each build's 3 sources (CMake's compiler checks may add their own).
expect_eq "$(( $(grep -c 'COMPILE_OK' distccd.log) >= 6 ))" 1 "distccd compiled the 3 sources of each build"
expect_eq "$(grep 'COMPILE_OK' distccd.log | grep -cE '/(main|saxpy|norm)\.ii$')" 3 "distccd compiled the 3 CUDA sources' .ii"
expect_contains "$(cat distcc.build.log)" "127.0.0.1:$port" "distcc sent the jobs to the server"

# ---- clangd reads circle's sources (if target, untagged helpers) without errors ----
"$CIRCLE" --print-clangd-flags > proj/.clangd
for src in main saxpy norm; do
  out=$(cd proj && clangd-22 --check="src/$src.cxx" --compile-commands-dir=../cxx-ninja 2>&1)
  expect_contains "$out" "All checks completed, 0 errors" "clangd on $src.cxx: $(grep -E '^E\[' <<< "$out" | head -5)"
done

finish
