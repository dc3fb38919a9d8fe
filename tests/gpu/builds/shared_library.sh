# A shared library with kernels built with -fPIC -shared, used through dlopen from a C
# program and linked normally into a CUDA program. Called by tests/gpu/run.sh build
# with the output directory, circle and the CUDA toolkit; leaves $1/shared_library.
set -eu
out=$1 circle=$2 cuda=$3
src=$(dirname "$0")/shared_library
"$circle" --cuda-path="$cuda" -arch=sm_75 -arch=sm_90 -fPIC -shared "$src/kernels.cu" -o "$out/libcircle_kernels.so"
"$circle" "$src/dlopen_main.c" -ldl -o "$out/shared_library.dlopen"
"$circle" --cuda-path="$cuda" -arch=sm_75 -arch=sm_90 "$src/linked_main.cu" -L"$out" -lcircle_kernels \
  -Wl,-rpath,'$ORIGIN' -o "$out/shared_library.linked"
cat > "$out/shared_library" <<'SH'
#!/bin/sh
d=$(dirname "$0")
"$d/shared_library.dlopen" "$d/libcircle_kernels.so" && "$d/shared_library.linked"
SH
chmod +x "$out/shared_library"
