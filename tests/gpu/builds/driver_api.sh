# Device code written alone, as nvcc's -ptx, -cubin and -fatbin and clang's
# --cuda-device-only write it, loaded through the driver API by a host program
# (driver_api/loader.cpp). Called by tests/gpu/run.sh build with the output
# directory, circle and the CUDA toolkit; leaves $1/driver_api.
set -eu
out=$1 circle=$2 cuda=$3
src=$(dirname "$0")/driver_api
d="$out/driver_api.files"
mkdir -p "$d"
"$circle" --cuda-path="$cuda" -ptx -arch=sm_90 "$src/kernels.cu" -o "$d/kernels.ptx"
"$circle" --cuda-path="$cuda" -cubin -arch=sm_90 "$src/kernels.cu" -o "$d/kernels.cubin"
"$circle" --cuda-path="$cuda" -fatbin -arch=sm_75 -arch=sm_90 "$src/kernels.cu" -o "$d/kernels.fatbin"
"$circle" --cuda-path="$cuda" --cuda-device-only -S --cuda-gpu-arch=sm_90 "$src/kernels.cu" -o "$d/device_only.ptx"
"$circle" --cuda-path="$cuda" --cuda-device-only -c --cuda-gpu-arch=sm_90 "$src/kernels.cu" -o "$d/device_only.cubin"
nv=("$cuda/bin/nvcc" -std=c++20 --expt-relaxed-constexpr "$src/kernels.cu")
"${nv[@]}" -cubin -arch=sm_90 -o "$d/nvcc.cubin"
"${nv[@]}" -fatbin -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=[sm_90,compute_90] -o "$d/nvcc.fatbin"
"$circle" -I"$cuda/include" "$src/loader.cpp" -L"$cuda/lib64/stubs" -lcuda -o "$out/driver_api.loader"
cat > "$out/driver_api" <<'SH'
#!/bin/sh
d=$(dirname "$0")
f="$d/driver_api.files"
"$d/driver_api.loader" "$f/kernels.ptx" "$f/kernels.cubin" "$f/kernels.fatbin" "$f/device_only.ptx" \
  "$f/device_only.cubin" "$f/nvcc.cubin" "$f/nvcc.fatbin"
SH
chmod +x "$out/driver_api"
