# Circle's language (dialect/): range-for over integers and statement-level pack
# expansion with dynamic slices and @range. Host programs run here; the guide's GPU
# programs (tests/seed/) compile here and run in the GPU suite.
source "$(dirname "$0")/lib.sh"

"$CIRCLE" "$PROGRAMS/dialect_host.cxx" -o host > build.log 2>&1
expect_eq "$?" 0 "dialect_host.cxx compiles ($(cat build.log))"
expect_eq "$(./host)" "$(cat "$PROGRAMS/dialect_host.out")" "integer range-for, slices, @range, folds print as written"

# Through -E (ccache, distcc): the preprocessed text keeps the dialect, and compiling
# it respells it then.
"$CIRCLE" -E "$PROGRAMS/dialect_host.cxx" -o host.ii
expect_contains "$(grep -c '@range' host.ii)" "2" "-E leaves the dialect as written"
"$CIRCLE" host.ii -o host_ii > build.log 2>&1
expect_eq "$(./host_ii)" "$(cat "$PROGRAMS/dialect_host.out")" "the preprocessed file compiles to the same program"

# Misuse: each error at the user's line and column, exit status 1, no output.
cat > bad.cxx <<'SRC'
#include <cstdio>
#include <vector>
int main() {
  std::vector<int> v{1, 2};
  std::printf("%d\n", v[:]);
  std::printf("%d\n", v[0:1]) ...;
  std::printf("%d\n", @range()) ...;
  std::printf("%d\n", undeclared[:]) ...;
  std::printf("%d\n", v[:]) ...;
  for (int i : 1.5) {}
  std::printf("%d\n", 1) ...;
}
SRC
out=$("$CIRCLE" bad.cxx -o bad 2>&1); rc=$?
expect_eq "$rc" 1 "bad dialect fails"
expect_no_file bad "no output after errors"
expect_contains "$out" "bad.cxx:5:24: error: a dynamic slice is a pack: expand the statement with '...' before its ';'" "unexpanded slice"
expect_contains "$out" "bad.cxx:6:24: error: circle supports the whole-object slice '[:]'; '[begin:end:step]' slices are not supported yet" "bounded slice"
expect_contains "$out" "bad.cxx:7:23: error: '@range()' takes its length from a slice in the same expansion" "@range() alone"
expect_contains "$out" "bad.cxx:8:23: error: use of undeclared identifier 'undeclared'" "Clang's error inside a respelled statement, at the user's column"
expect_contains "$out" "bad.cxx:10:14: error: invalid range expression of type 'double'" "a non-integer, non-range"
expect_contains "$out" "bad.cxx:11:26: error: pack expansion does not contain any unexpanded parameter packs" "'...;' with no pack"
expect_eq "$(grep -c 'error:' <<< "$out")" 6 "one error per bad statement ($out)"

# Left as written (dialect/README.md): a range-for whose ':' comes from a macro, and
# one with a directive inside; Clang's error stands, at the user's line.
cat > left.cxx <<'SRC'
#define LOOP(n) for (int i : n)
int main() {
  LOOP(2) {}
  for (int i :
#if 1
    3
#endif
  ) {}
}
SRC
out=$("$CIRCLE" left.cxx -o left 2>&1)
expect_contains "$out" "left.cxx:3:3: error: invalid range expression of type 'int'" "range-for from a macro"
expect_contains "$out" "left.cxx:4:14: error: invalid range expression of type 'int'" "range-for around a directive"
# System headers keep standard C++; a user's own headers get the dialect.
mkdir -p sys usr
printf 'inline int sys_sum(int n) { int s = 0; for (int i : n) s += i; return s; }\n' > sys/sys.h
printf 'inline int usr_sum(int n) { int s = 0; for (int i : n) s += i; return s; }\n' > usr/usr.h
printf '#include <usr.h>\n#include <cstdio>\nint main() { std::printf("%%d\\n", usr_sum(5)); }\n' > usr.cxx
"$CIRCLE" -Iusr usr.cxx -o usr_prog > build.log 2>&1
expect_eq "$(./usr_prog)" "10" "a -I header's range-for over an integer ($(cat build.log))"
printf '#include <sys.h>\nint main() { return sys_sum(5); }\n' > sys.cxx
expect_contains "$("$CIRCLE" -isystem sys sys.cxx -o sys_prog 2>&1)" "error: invalid range expression of type 'int'" "a system header is left as written"

# The guide's programs, verbatim (tests/seed/): they compile for two sms; the GPU
# suite runs them (tests/gpu/cases.txt, seed_*).
for name in roman unique qsort vec; do
  out=$(cu -sm_75 -sm_90 "$CIRCLE_ROOT/tests/seed/$name.cxx" -o "$name" 2>&1)
  expect_eq "$?" 0 "the guide's $name.cxx compiles ($out)"
done
# The respelled kernel is what the standard-C++ port compiles to: same loop, same calls.
cu -sm_90 -S -gpu "$CIRCLE_ROOT/tests/seed/unique.cxx" -o seed > /dev/null 2>&1
cu -sm_90 -S -gpu "$EXAMPLES/unique.cxx" -o port > /dev/null 2>&1
expect_file seed.sm_90.ptx "the seed's PTX"
expect_eq "$(grep -c 'call' seed.sm_90.ptx)" "$(grep -c 'call' port.sm_90.ptx)" "unique.cxx's kernel makes the port's calls"
finish
