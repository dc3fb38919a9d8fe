# Device stdio in a program linked from two whole-program objects (-c, no -rdc): each
# object carries the host server (targets/host/host_io.h); the link keeps one, which
# serves both device modules' channels. Called by tests/gpu/run.sh build with the
# output directory, circle and the CUDA toolkit; leaves $1/stdio_two_objects.
set -eu
out=$1 circle=$2 cuda=$3
src=$(dirname "$0")/stdio_two_objects
for f in a b; do
  "$circle" --cuda-path="$cuda" -sm_75 -sm_90 -c "$src/$f.cxx" -o "$out/stdio_two_objects.$f.o"
done
"$circle" --cuda-path="$cuda" "$out/stdio_two_objects.a.o" "$out/stdio_two_objects.b.o" -o "$out/stdio_two_objects"
