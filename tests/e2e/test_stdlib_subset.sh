#!/usr/bin/env bash
# A few of libstdc++'s own run-tests through the harness of tests/stdlib (the whole
# selection runs outside CI, on the GPU): each must compile for the device, one for
# each library piece the device runtime provides (system_error, random_device,
# regex_error, abort through VERIFY). A test that reads its own namespace-scope variable
# compiles too: the harness gives circle -fgpu-host-globals (without it the read is refused,
# as nvcc refuses it: test_host_globals.sh).
source "$(dirname "$0")/lib.sh"
suite=$("$CIRCLE_ROOT/tests/stdlib/fetch.sh" "$work/gcc") || { fail "no libstdc++ testsuite (gcc-12-source)"; finish; }
tests="19_diagnostics__system_error__cons-1 26_numerics__random__random_device__cons__token 28_regex__regex_error__regex_error
21_strings__basic_string_view__cons__wchar_t__1 20_util__function__cons__55320"
GCC_TESTSUITE=$suite STDLIB_OUT=$work/out STDLIB_JOBS=2 python3 "$CIRCLE_ROOT/tests/stdlib/stdlib.py" build $tests > build.log 2>&1
for t in $tests; do
  rc=$(awk -F'\t' -v t="$t" '$3 == t {print $4}' "$work/out/build.tsv")
  expect_eq "$rc" 0 "$t compiles for the device ($(grep -m1 error "$work/out/logs/$t.log"))"
done
# 55320.cc's kernel reads the test's X::count: through the host variable's slot.
expect_contains "$(head -1 "$work/out/logs/20_util__function__cons__55320.log")" "-fgpu-host-globals" "the harness asks for host globals"
finish
