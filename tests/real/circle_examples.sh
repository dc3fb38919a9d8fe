#!/usr/bin/env bash
# Circle's own example programs (seanbaxter/circle: comprehension/, packs/, conditional/,
# member-traits/), each compiled by circle as written and run here (they are host
# programs): a line per program, OK (with its output kept in $out/NAME.out, to read
# beside the source's "Prints ..." comments) or FAIL with the first error. Some sources
# rely on an older libstdc++ including <vector> from <algorithm>: CIRCLE_EXAMPLES_FLAGS
# (default -include vector) gives what they lack.
#   tests/real/circle_examples.sh [DIR...]   (default: the four directories above)
source "$(dirname "$0")/lib.sh"
src=$(checkout_of seanbaxter/circle "$CIRCLE_EXAMPLES_COMMIT") || exit 1
out="$here/bin/circle_examples"
rm -rf "$out" && mkdir -p "$out"
flags=${CIRCLE_EXAMPLES_FLAGS:--include vector}
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(comprehension packs conditional member-traits)
ok=0 failed=0
for dir in "${dirs[@]}"; do
  for f in "$src/$dir"/*.cxx; do
    name="$dir/$(basename "$f" .cxx)"
    # An empty file (comprehension/find.cxx at the pinned commit) is no program.
    if [ ! -s "$f" ]; then echo "SKIP $name: empty"; continue; fi
    exe="$out/${name//\//_}"
    # shellcheck disable=SC2086
    if timeout 300 "$circle" $flags "$f" -o "$exe" > "$exe.log" 2>&1 && timeout 60 "$exe" > "$exe.out" 2>&1; then
      echo "OK   $name"
      ok=$((ok + 1))
    else
      echo "FAIL $name: $(grep -m1 -o 'error: .*' "$exe.log" | cut -c1-140)"
      failed=$((failed + 1))
    fi
  done
done
echo "$ok built and ran, $failed did not"
