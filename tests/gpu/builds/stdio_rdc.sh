# Device stdio in a program linked from -rdc objects: the objects' stubs call the
# link's attach function through a weak reference, which the link's registration
# object defines because the linked device code uses stdio (targets/host/host_io.h).
# A kernel defined in one source and launched from the other, and one whose device
# function lives in the other source. Called by tests/gpu/run.sh build with the output
# directory, circle and the CUDA toolkit; leaves $1/stdio_rdc.
set -eu
out=$1 circle=$2 cuda=$3
src=$(dirname "$0")/stdio_rdc
for f in main writer; do
  "$circle" --cuda-path="$cuda" -sm_75 -sm_90 -rdc -c "$src/$f.cxx" -o "$out/stdio_rdc.$f.o"
done
"$circle" --cuda-path="$cuda" "$out/stdio_rdc.main.o" "$out/stdio_rdc.writer.o" -o "$out/stdio_rdc"
