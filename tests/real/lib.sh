# Real projects circle is checked against, outside CI (CI has no network). Each script
# here takes a checkout of a project at the commit pinned below; checkout.sh makes
# one from the snapshot the `fetch` tool brings (a bare repository under $MIRRORS).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
circle="${CIRCLE:-$root/build/bin/circle}"
cuda="${CUDA_PATH:-/usr/local/cuda}"
MIRRORS="${MIRRORS:-/work/.mirror}"
REAL="${REAL:-$root/../ext}" # where checkouts live: $REAL/<owner>+<name>

CUTLASS_COMMIT=7107b05535f8977f5ecb9d01ee203205b1fd9bc4
GGML_COMMIT=d99724f2b141fed9e1a9f402213506c081433465
SAMPLES_COMMIT=c94ff366aed18c797b8a85dfaac7817b0228b420
LLMC_COMMIT=f1e2ace651495b74ae22d45d1723443fd00ecd3a
CIRCLE_EXAMPLES_COMMIT=b81c37d2bb227cdf6aa58a90dd00f12f62c8d3bc

# The commit pinned above for owner/name (nothing, status 1, for another project).
pinned_commit() {
  case "$1" in
  NVIDIA/cutlass) echo "$CUTLASS_COMMIT" ;;
  ggml-org/ggml) echo "$GGML_COMMIT" ;;
  NVIDIA/cuda-samples) echo "$SAMPLES_COMMIT" ;;
  karpathy/llm.c) echo "$LLMC_COMMIT" ;;
  seanbaxter/circle) echo "$CIRCLE_EXAMPLES_COMMIT" ;;
  *) return 1 ;;
  esac
}

# The checkout of owner/name, refused unless it holds the pinned commit.
checkout_of() {
  local repo=$1 commit=$2 dir="$REAL/${1/\//+}"
  if [ "$(cat "$dir/.circle-commit" 2> /dev/null)" != "$commit" ]; then
    echo "no checkout of $repo at $commit in $dir: run tests/real/checkout.sh $repo" >&2
    return 1
  fi
  echo "$dir"
}
