#!/usr/bin/env bash
# tests/real/checkout.sh OWNER/NAME: the pinned commit of a project (tests/real/lib.sh)
# from the fetch tool's snapshot ($MIRRORS/OWNER+NAME/repo) into $REAL/OWNER+NAME.
source "$(dirname "$0")/lib.sh"
set -e
repo=$1
commit=$(pinned_commit "$repo") || { echo "unknown project $repo" >&2; exit 2; }
mirror="$MIRRORS/${repo/\//+}/repo"
dest="$REAL/${repo/\//+}"
rm -rf "$dest" && mkdir -p "$dest"
# Large binary files may be absent from a snapshot (images, documents): each file that
# is there is written, the sources are what counts. The index is a temporary one: the
# snapshot stays as fetched.
index=$(mktemp -u)
GIT_INDEX_FILE="$index" git --git-dir="$mirror" --work-tree="$dest" checkout -f "$commit" -- . 2> "$dest.missing" || true
rm -f "$index"
if grep -q 'unable to read' "$dest.missing"; then
  echo "$(grep -c 'unable to read' "$dest.missing") files absent from the snapshot: $(grep -o "of [^ ]*" "$dest.missing" | tr '\n' ' ')"
fi
rm -f "$dest.missing"
[ -n "$(ls -A "$dest")" ] || { echo "the snapshot in $mirror lacks $commit" >&2; exit 1; }
echo "$commit" > "$dest/.circle-commit"
echo "$repo at $commit in $dest"
