#!/usr/bin/env bash
# Unpacks libstdc++'s testsuite from Debian's gcc-12-source (setup.sh installs it)
# into $1 (default ~/.cache/circle-stdlib); prints the testsuite's directory.
set -euo pipefail
dest=${1:-$HOME/.cache/circle-stdlib}
tarball=$(ls /usr/src/gcc-12/gcc-12.*.tar.xz 2> /dev/null | grep -v gm2 | head -n1 || true)
[ -n "$tarball" ] || { echo "no /usr/src/gcc-12/gcc-12.*.tar.xz: install Debian's gcc-12-source (setup.sh does)" >&2; exit 1; }
top=$(basename "$tarball" | sed -E 's/(-dfsg)?\.tar\.xz$//')
suite="$dest/$top/libstdc++-v3/testsuite"
if [ ! -f "$suite/util/testsuite_hooks.h" ]; then
  mkdir -p "$dest"
  tar -C "$dest" -xJf "$tarball" --wildcards "$top/libstdc++-v3/testsuite/*"
fi
echo "$suite"
