#!/usr/bin/env bash
# tests/real/checkout.sh OWNER/NAME: the pinned commit of a project (tests/real/lib.sh)
# from the fetch tool's snapshot ($MIRRORS/OWNER+NAME/repo) into $REAL/OWNER+NAME.
source "$(dirname "$0")/lib.sh"
set -e
repo=$1
case "$repo" in
  NVIDIA/cutlass) commit=$CUTLASS_COMMIT ;;
  ggml-org/ggml) commit=$GGML_COMMIT ;;
  NVIDIA/cuda-samples) commit=$SAMPLES_COMMIT ;;
  *) echo "unknown project $repo" >&2; exit 2 ;;
esac
mirror="$MIRRORS/${repo/\//+}/repo"
dest="$REAL/${repo/\//+}"
rm -rf "$dest" && mkdir -p "$dest"
# Large binary files may be absent from a snapshot: the sources are what counts.
git --git-dir="$mirror" archive "$commit" | tar -x -C "$dest" 2> /dev/null || true
[ -e "$dest/CMakeLists.txt" ] || { echo "the snapshot in $mirror lacks $commit" >&2; exit 1; }
echo "$commit" > "$dest/.circle-commit"
echo "$repo at $commit in $dest"
