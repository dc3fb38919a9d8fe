#!/bin/bash
# Runs the packed libstdc++ test binaries (tests/stdlib/stdlib.py build) on the GPU
# machine, eight at a time, 60 s each at most; writes run.tsv (name, pass/fail, the
# first failing line each printed) into the output directory, and prints a summary.
#   tests/stdlib/run_on_gpu.sh path/to/bins.tar.xz [out dir]
set -u
archive=$1
out=${2:-$(dirname "$archive")}
work=$(mktemp -d)
tar -C "$work" -xJf "$archive"
mkdir -p "$work/results"
one() {
  local bin=$1 results=$2 name log rc verdict detail
  name=$(basename "$bin")
  log=$(timeout 60 "$bin" 2>&1 < /dev/null)
  rc=$?
  verdict=fail
  [ $rc -eq 0 ] && grep -q '^circle-stdlib: no error status 0$' <<< "$log" && verdict=pass
  [ $rc -eq 124 ] && log="$log (ran past 60 s)"
  detail=$(grep -v '^circle-stdlib:' <<< "$log" | grep -m1 -E 'Assertion|circle device runtime|error|past 60' || tail -n1 <<< "$log")
  printf '%s\t%s\t%s\n' "$name" "$verdict" "$(tr '\t\n' '  ' <<< "$detail" | cut -c1-300)" > "$results/$name"
}
export -f one
ls "$work"/bin/* | xargs -P 8 -I{} bash -c 'one "$@"' _ {} "$work/results"
cat "$work"/results/* | sort > "$out/run.tsv"
rm -rf "$work"
echo "pass $(grep -c $'\tpass\t' "$out/run.tsv"), fail $(grep -c $'\tfail\t' "$out/run.tsv")"
grep $'\tfail\t' "$out/run.tsv"
