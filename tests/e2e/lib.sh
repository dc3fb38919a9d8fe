# Helpers for the end-to-end tests. Each test script sources this, runs circle on real
# programs, and ends with `finish`, which fails the test if any check failed.
set -u
: "${CIRCLE:?set CIRCLE to the circle binary}"
: "${CIRCLE_ROOT:?set CIRCLE_ROOT to the repository root}"
CUDA_PATH="${CUDA_PATH:-/usr/local/cuda}"
PROGRAMS="$CIRCLE_ROOT/tests/e2e/programs"
EXAMPLES="$CIRCLE_ROOT/examples"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
checks=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() { checks=$((checks + 1)); }
expect_eq() { check; [ "$1" == "$2" ] || fail "$3: expected [$2], got [$1]"; }
expect_ne() { check; [ "$1" != "$2" ] || fail "$3: expected anything but [$2]"; }
expect_contains() { check; grep -qF -- "$2" <<< "$1" || fail "$3: [$2] not found in: $1"; }
expect_not_contains() { check; ! grep -qF -- "$2" <<< "$1" || fail "$3: [$2] should not appear in: $1"; }
expect_file() { check; [ -s "$1" ] || fail "$2: '$1' missing or empty"; }
expect_no_file() { check; [ ! -e "$1" ] || fail "$2: '$1' should not exist"; }
cu() { "$CIRCLE" --cuda-path="$CUDA_PATH" "$@"; }
finish() {
  if [ "$failures" -ne 0 ]; then echo "$failures of $checks checks failed"; exit 1; fi
  echo "$checks checks passed"
}
