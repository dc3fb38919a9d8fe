# Relocatable device code for the toolkit's linker: nvcc's -rdc=true -cubin and
# -fatbin flow, with circle's cubins linked by nvlink alone, together with each other
# and with nvcc's, then loaded through the driver API (driver_api/loader.cpp). Called
# by tests/gpu/run.sh build with the output directory, circle and the CUDA toolkit;
# leaves $1/rdc_nvlink.
set -eu
out=$1 circle=$2 cuda=$3
src=$(dirname "$0")/rdc_nvlink
d="$out/rdc_nvlink.files"
mkdir -p "$d"
c=("$circle" --cuda-path="$cuda" -rdc)
"${c[@]}" -cubin -arch=sm_90 "$src/kernel.cu" -o "$d/kernel.cubin"
"${c[@]}" -cubin -arch=sm_90 "$src/scale.cu" -o "$d/scale.cubin"
"${c[@]}" -fatbin -arch=sm_75,sm_90 "$src/kernel.cu" -o "$d/kernel.fatbin"
"$cuda/bin/nvcc" -rdc=true -cubin -arch=sm_90 "$src/scale.cu" -o "$d/scale.nvcc.cubin"
"$cuda/bin/nvlink" -arch=sm_90 "$d/kernel.cubin" "$d/scale.cubin" -o "$d/circle_cubins.cubin"
"$cuda/bin/nvlink" -arch=sm_90 "$d/kernel.fatbin" "$d/scale.cubin" -o "$d/circle_fatbin.cubin"
"$cuda/bin/nvlink" -arch=sm_90 "$d/kernel.cubin" "$d/scale.nvcc.cubin" -o "$d/with_nvcc.cubin"
"$circle" -I"$cuda/include" "$(dirname "$0")/driver_api/loader.cpp" -L"$cuda/lib64/stubs" -lcuda -o "$out/rdc_nvlink.loader"
cat > "$out/rdc_nvlink" <<'SH'
#!/bin/sh
d=$(dirname "$0")
f="$d/rdc_nvlink.files"
"$d/rdc_nvlink.loader" "$f/circle_cubins.cubin" "$f/circle_fatbin.cubin" "$f/with_nvcc.cubin"
SH
chmod +x "$out/rdc_nvlink"
