#!/usr/bin/env bash
# circle on the GPU machine, which has the CUDA toolkit, CMake and 16 cores but neither
# circle nor LLVM: the real projects' builds that take hours on the 2-core build
# machine (ggml, cuda-samples' CMake tree) can run there in minutes.
#   tests/real/remote_circle.sh pack             here: circle, its device runtime and
#                                                headers, the LLVM and Clang libraries it
#                                                loads (and theirs, glibc's aside) and
#                                                Clang's resource headers, packed as
#                                                tests/real/bin/circle-dist.tar.xz
#   tests/real/remote_circle.sh source REPO      here: the checkout of REPO (owner/name)
#                                                packed as tests/real/bin/REPO-src.tar.xz
#   tests/real/remote_circle.sh install DIR      there (carry the packs): DIR/bin/circle
#                                                is circle; the sources unpack under
#                                                DIR/ext
# Then, there: CIRCLE=DIR/bin/circle REAL=DIR/ext tests/real/ggml.sh build ...
source "$(dirname "$0")/lib.sh"
pack="$here/bin/circle-dist.tar.xz"
mkdir -p "$here/bin" # where both packs go, on a fresh checkout too

case "${1:-}" in
pack)
  prefix=$(dirname "$(dirname "$circle")")
  stage=$(mktemp -d) && trap 'rm -rf "$stage"' EXIT
  mkdir -p "$stage/circle/bin" "$stage/circle/deps"
  cp "$circle" "$stage/circle/bin/" && cp -r "$prefix/lib" "$prefix/include" "$stage/circle/"
  # Found through the binary's own search path (DT_RPATH, which serves the libraries'
  # libraries too), not LD_LIBRARY_PATH, which the tools circle runs (ld, ptxas) would
  # inherit.
  command -v patchelf > /dev/null || { echo "patchelf is missing (setup.sh installs it)" >&2; exit 1; }
  patchelf --force-rpath --set-rpath '$ORIGIN/../deps' "$stage/circle/bin/circle"
  # Every shared library circle loads but the C runtime's own (the GPU machine has those).
  ldd "$circle" | awk '$3 ~ /^\// { print $3 }' | while read -r lib; do
    case "$(basename "$lib")" in libc.so* | libm.so* | libstdc++.so* | libgcc_s.so* | ld-linux*) continue ;; esac
    cp -L "$lib" "$stage/circle/deps/"
  done
  # A library's own RUNPATH (libLLVM's $ORIGIN/../lib) would hide the binary's from its
  # dependencies: each looks beside itself.
  for lib in "$stage"/circle/deps/*; do patchelf --set-rpath '$ORIGIN' "$lib"; done
  # Clang's headers, from the directory circle was built to read them at.
  resource=$(strings "$circle" | grep -m1 -E '^/.*/lib/clang/[0-9]+$')
  [ -d "$resource/include" ] || { echo "no Clang resource directory found in $circle" >&2; exit 1; }
  mkdir -p "$stage/circle/resource" && cp -r "$resource/include" "$stage/circle/resource/"
  echo "$resource" > "$stage/circle/resource-dir.txt"
  tar -C "$stage" -cf - circle | xz -T0 -9e > "$pack"
  echo "packed $(du -h "$pack" | cut -f1) into $pack (the device tool carries 64 MiB in all)"
  ;;
source)
  repo=${2:?owner/name}
  commit=$(pinned_commit "$repo") || { echo "no pinned commit for $repo in lib.sh" >&2; exit 1; }
  src=$(checkout_of "$repo" "$commit") || exit 1
  tar -C "$(dirname "$src")" --exclude=.git -cf - "$(basename "$src")" | xz -T0 -6 > "$here/bin/${repo/\//+}-src.tar.xz"
  echo "packed $repo into $here/bin/${repo/\//+}-src.tar.xz"
  ;;
install)
  dir=${2:?directory}
  mkdir -p "$dir/ext" && tar -C "$dir" -xJf "$pack" || exit 1
  for s in "$here"/bin/*-src.tar.xz; do [ -f "$s" ] && tar -C "$dir/ext" -xJf "$s"; done
  # circle reads Clang's headers where it was built to find them.
  resource=$(cat "$dir/circle/resource-dir.txt")
  if [ ! -d "$resource/include" ]; then
    mkdir -p "$resource" && cp -r "$dir/circle/resource/include" "$resource/" ||
      { echo "cannot make $resource (circle reads Clang's headers there)" >&2; exit 1; }
  fi
  mkdir -p "$dir/bin" && ln -sf ../circle/bin/circle "$dir/bin/circle"
  "$dir/bin/circle" --version | head -1 || exit 1
  ;;
*)
  echo "usage: tests/real/remote_circle.sh pack | source OWNER/NAME | install DIR" >&2
  exit 2
  ;;
esac
