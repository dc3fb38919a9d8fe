# nvcc's Makefile flow for separate compilation, with circle in nvcc's place: each
# file compiled with -dc, their device code linked with -dlink into one object, and
# the program linked by the system's g++ (not circle) with the CUDA runtime. The
# program is nvcc/separate_compilation, built the same way by nvcc too: the case prints
# whether the two print the same. Called by tests/gpu/run.sh build with the output
# directory, circle and the CUDA toolkit; leaves $1/device_link.
set -eu
out=$1 circle=$2 cuda=$3
src=$(dirname "$0")/../nvcc/separate_compilation
d="$out/device_link.objects"
mkdir -p "$d"
arch=(-gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90)
for compiler in circle nvcc; do
  cc=("$circle" --cuda-path="$cuda"); [ $compiler = nvcc ] && cc=("$cuda/bin/nvcc" -std=c++20)
  for f in main ops; do "${cc[@]}" -dc "${arch[@]}" "$src/$f.cu" -o "$d/$f.$compiler.o"; done
  "${cc[@]}" -dlink "${arch[@]}" "$d/main.$compiler.o" "$d/ops.$compiler.o" -o "$d/dlink.$compiler.o"
  libs=(-L"$cuda/lib64" -lcudart_static -ldl -lpthread -lrt); [ $compiler = nvcc ] && libs=(-L"$cuda/lib64" -lcudadevrt "${libs[@]:1}")
  g++ "$d/main.$compiler.o" "$d/ops.$compiler.o" "$d/dlink.$compiler.o" "${libs[@]}" -o "$out/device_link.$compiler"
done
rm -rf "$d"
cat > "$out/device_link" <<'SH'
#!/bin/sh
d=$(dirname "$0")
c=$("$d/device_link.circle") || exit 1
n=$("$d/device_link.nvcc") || exit 1
if [ "$c" = "$n" ]; then echo "same output as nvcc's -dc/-dlink/g++ build: $(echo "$c" | wc -l) lines"; echo "$c" | tail -1
else echo "differs from nvcc's:"; echo "$c"; echo "nvcc's:"; echo "$n"; fi
SH
chmod +x "$out/device_link"
