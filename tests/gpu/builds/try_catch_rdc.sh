# try/catch across sources with -rdc: each object keeps its module with its handlers
# (codegen/exception_islands.h); the device link lowers them for the whole program.
# Called by tests/gpu/run.sh build with the output directory, circle and the CUDA
# toolkit; leaves $1/try_catch_rdc.
set -eu
out=$1 circle=$2 cuda=$3
src=$(dirname "$0")/try_catch_rdc
for f in kernel at; do
  "$circle" --cuda-path="$cuda" -sm_75 -sm_90 -rdc -c "$src/$f.cxx" -o "$out/try_catch_rdc.$f.o"
done
"$circle" --cuda-path="$cuda" "$out/try_catch_rdc.kernel.o" "$out/try_catch_rdc.at.o" -o "$out/try_catch_rdc"
