# Circle's language (dialect/): range-for over integers and statement-level pack
# expansion with dynamic slices and @range. Host programs run here; the guide's GPU
# programs (tests/seed/) compile here and run in the GPU suite.
source "$(dirname "$0")/lib.sh"

"$CIRCLE" "$PROGRAMS/dialect_host.cxx" -o host > build.log 2>&1
expect_eq "$?" 0 "dialect_host.cxx compiles ($(cat build.log))"
expect_eq "$(./host)" "$(cat "$PROGRAMS/dialect_host.out")" "integer range-for, slices, @range, folds print as written"

# Range packs: int... (the index), int...(n), @range(begin:end:step), int...(vt:0:-2); C++'s
# own `int... I` and an unnamed `int...` parameter keep their meaning.
"$CIRCLE" "$PROGRAMS/dialect_ranges.cxx" -o ranges > build.log 2>&1
expect_eq "$?" 0 "dialect_ranges.cxx compiles ($(cat build.log))"
expect_eq "$(./ranges)" "$(cat "$PROGRAMS/dialect_ranges.out")" "range packs print their values"

# Folds over dynamic packs, (... op x[:]), (init op ... op x[:]), (... f x[:]), and
# [begin:end:step] slices: values worked out by hand.
"$CIRCLE" "$PROGRAMS/dialect_folds.cxx" -o folds > build.log 2>&1
expect_eq "$?" 0 "dialect_folds.cxx compiles ($(cat build.log))"
expect_eq "$(./folds)" "$(cat "$PROGRAMS/dialect_folds.out")" "dynamic folds and bounded slices print their values"
"$CIRCLE" "$PROGRAMS/dialect_containers.cxx" -o containers > build.log 2>&1
expect_eq "$?" 0 "dialect_containers.cxx compiles ($(cat build.log))"
expect_eq "$(./containers)" "$(cat "$PROGRAMS/dialect_containers.out")" "slices read sets, lists, maps, deques as a ranged for"

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
  std::printf("%d\n", (v[:] + ...));
  std::printf("%d\n", @range()) ...;
  std::printf("%d\n", undeclared[:]) ...;
  std::printf("%d\n", v[:]) ...;
  for (int i : 1.5) {}
  std::printf("%d\n", 1) ...;
  std::printf("%d\n", int...(1:2:3:4)) ...;
}
SRC
out=$("$CIRCLE" bad.cxx -o bad 2>&1); rc=$?
expect_eq "$rc" 1 "bad dialect fails"
expect_no_file bad "no output after errors"
expect_contains "$out" "bad.cxx:5:24: error: a slice is a pack: expand the statement with '...' before its ';', or fold it: (... + x[:])" "unexpanded slice"
expect_contains "$out" "bad.cxx:6:31: error: circle folds a dynamic pack from the left only, as Circle does: (... op pack)" "a right fold over a slice"
expect_contains "$out" "bad.cxx:7:23: error: '@range' has no length of its own and nothing else in the expansion gives one" "@range() alone"
expect_contains "$out" "bad.cxx:8:23: error: use of undeclared identifier 'undeclared'" "Clang's error inside a respelled statement, at the user's column"
expect_contains "$out" "bad.cxx:10:14: error: invalid range expression of type 'double'" "a non-integer, non-range"
expect_contains "$out" "bad.cxx:11:26: error: pack expansion does not contain any unexpanded parameter packs" "'...;' with no pack"
expect_contains "$out" "bad.cxx:12:35: error: a range is begin:end:step, with two ':' at most" "a range with three ':'"
expect_eq "$(grep -c 'error:' <<< "$out")" 7 "one error per bad statement ($out)"

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

# Enum reflection and member traits: namespace, class and block enums, packs in
# statements and in braced lists, @meta for enum (in a switch too), .string, .length;
# a struct's own members named string and length keep their meaning.
"$CIRCLE" "$PROGRAMS/dialect_enums.cxx" -o enums > build.log 2>&1
expect_eq "$?" 0 "dialect_enums.cxx compiles ($(cat build.log))"
expect_eq "$(./enums)" "$(cat "$PROGRAMS/dialect_enums.out")" "enum traits, packs and @meta for enum print as written"
cat > enbad.cxx <<'SRC'
#include <cstdio>
enum class color { red, green };
namespace a { enum twice { x, y }; }
namespace b { enum twice { p, q, r }; }
int main() {
  const char* n = color.enum_names;
  @meta for enum (int k : unknown_enum) { std::printf("%d\n", k); }
  @meta int m = 3;
  std::printf("%d\n", twice.enum_count);
}
SRC
out=$("$CIRCLE" enbad.cxx -o enbad 2>&1); rc=$?
expect_eq "$rc" 1 "bad enum reflection fails"
expect_contains "$out" "enbad.cxx:6:25: error: 'color.enum_names' is a pack: expand it with '...'" "an unexpanded enum pack"
# (C++20, a .cxx's default: the name may be a template's enumeration, so Clang looks it up)
expect_contains "$out" "enbad.cxx:7:27: error: use of undeclared identifier 'unknown_enum'" "@meta for enum over an unknown enum"
expect_contains "$out" "enbad.cxx:8:3: error: circle does not take Circle's '@meta' here yet" "a @meta declaration is not taken yet"
expect_contains "$out" "enbad.cxx:9:23: error: two enumerations are named 'twice'" "an ambiguous enum name"

# A name taken for an array or an enum variable in one place, naming a struct
# elsewhere, keeps the struct's members; enums in an extern "C" block get their names.
cat > names.cxx <<'SRC'
#include <cstdio>
extern "C" {
enum c_one { c_a, c_b };
enum c_two { c_x };
}
struct segment { float length; const char* string; };
void f() { int data[3] = {1, 2, 3}; std::printf("%zu ", data.length); c_one v = c_b; std::printf("%s ", v.string); }
int main() {
  f();
  segment data{2.5f, "s"};
  data.length += 1;
  segment v{0, "member"};
  std::printf("%g %s %s\n", data.length, v.string, c_x == 0 ? "ok" : "");
}
SRC
"$CIRCLE" names.cxx -o names > build.log 2>&1
expect_eq "$(./names)" "3 c_b 3.5 member ok" "members named length and string keep their meaning ($(cat build.log))"

# @meta for over a count: replayed when the count is known while lexing (a literal,
# E.enum_count: case labels work), a generic lambda per value when only the compiler
# knows it (a template's constant); nested Circle syntax in the body is taken too.
"$CIRCLE" "$PROGRAMS/dialect_meta_for.cxx" -o meta_for > build.log 2>&1
expect_eq "$?" 0 "dialect_meta_for.cxx compiles ($(cat build.log))"
expect_eq "$(./meta_for)" "$(cat "$PROGRAMS/dialect_meta_for.out")" "@meta for prints once per value"
# Before C++20 the lambda form is refused at the '@meta', the replayed form taken.
cat > metafor17.cxx <<'SRC'
#include <cstdio>
template <int N> void each() {
  @meta for (int i : N) { std::printf("%d", i); }
}
int main() {
  @meta for (int i : 3) { std::printf("%d", i); }
  each<2>();
}
SRC
out=$("$CIRCLE" -std=c++17 metafor17.cxx -o metafor17 2>&1); rc=$?
expect_eq "$rc" 1 "@meta for over a template's constant as C++17 fails"
expect_contains "$out" "metafor17.cxx:3:3: error: this '@meta for' needs C++20 (-std=c++20)" "said at the @meta"
expect_not_contains "$out" "__circle" "no helper of circle's named"
expect_eq "$(grep -c error: <<< "$out")" 1 "one error: the literal count's loop compiles"

# User attributes (declared, with defaults and flags, on enumerators), reflection on a
# template's enum (packs in folds, statements, template arguments; enum_count; a
# @meta for over it giving case labels, with a default), ...? and ...??, sizeof...y,
# local enums in templates, @meta printf, static_assert messages joined with +.
"$CIRCLE" "$PROGRAMS/dialect_attributes.cxx" -o attrs > build.log 2>&1
expect_eq "$?" 0 "dialect_attributes.cxx compiles ($(cat build.log))"
expect_eq "$(cat build.log)" "$(printf 'local<int> has 4\nlocal<other> has 8')" "@meta printf once per instantiation, while compiling"
expect_eq "$(./attrs)" "$(cat "$PROGRAMS/dialect_attributes.out")" "attributes and a template's enum reflect as written"
cat > attrbad.cxx <<'SRC'
#include <cstdio>
using nt [[attribute]] = int;
using flag [[attribute(1)]] = void;
enum class e1 { a [[ .nt=1, .nt=2 ]] };
enum class e2 { a [[ .undeclared=1 ]] };
enum class e3 { a, b [[.nt=2]] };
template <class E> int first() { return (int)E.enum_values; }
template <int... v> int pick(int k) { return k < v ...? int... ; }
int main() {
  constexpr int x = @enum_attribute(e3::a, nt);
  int y = @enum_value(e3);
  return x + y + first<e3>() + pick<1, 2>(0);
}
SRC
out=$("$CIRCLE" attrbad.cxx -o attrbad 2>&1); rc=$?
expect_eq "$rc" 1 "misused attributes fail"
expect_no_file attrbad "no output"
expect_contains "$out" "attrbad.cxx:3:24: error: a flag attribute (of type void) has no default value" "a flag's default"
expect_contains "$out" "attrbad.cxx:4:30: error: attribute 'nt' is given twice" "an attribute given twice"
expect_contains "$out" "attrbad.cxx:5:23: error: 'undeclared' is not an attribute: declare it first" "an undeclared attribute"
expect_contains "$out" "attrbad.cxx:7:48: error: 'E.enum_values' is a pack: expand it with '...'" "a template enum's pack unexpanded"
expect_contains "$out" "attrbad.cxx:8:52: error: '...?' needs its ':'" "a multi-conditional without its ':'"
expect_contains "$out" "attrbad.cxx:10:21: error: call to consteval function '__circle_attribute<__circle_attr_nt, e3>' is not a constant expression" "an enumerator without the attribute, no default"
expect_contains "$out" "note: non-constexpr function '__circle_enumerator_lacks_this_attribute<int>'" "the note says why"
expect_contains "$out" "attrbad.cxx:11:11: error: '@enum_value' takes an enumeration and an index" "@enum_value's arguments"
expect_eq "$(grep -c 'expected expression' <<< "$out")" 0 "a misused @ form says nothing more"
# An attribute used before its declaration: one located error at each use, the
# enumeration still reflects (no error from circle's prelude), and a query's form says
# nothing more.
cat > attrundeclared.cxx <<'SRC'
#include <cstdio>
struct flag {};
enum class opts { a [[.flag]], b };
int main() {
  @meta for enum(opts o : opts) std::printf("%s %d\n", o.string, (int)@enum_has_attribute(o, flag));
}
SRC
out=$("$CIRCLE" attrundeclared.cxx -o attrundeclared 2>&1)
expect_eq "$?" 1 "an undeclared attribute fails"
expect_contains "$out" "attrundeclared.cxx:3:24: error: 'flag' is not an attribute: declare it first" "at the enumerator"
expect_contains "$out" "attrundeclared.cxx:5:94: error: 'flag' is not an attribute: declare it first" "at the query"
expect_eq "$(grep -c 'error:' <<< "$out")" 2 "nothing more"
expect_not_contains "$out" "prelude" "nothing from circle's prelude"
# A case label as the unbraced body of @meta for would land in the lambda circle makes of
# it: one error that says to brace it (braced, the body is read once per value).
cat > meta_case.cxx <<'SRC'
#include <cstdio>
enum class shape { circle, square };
int main(int argc, char**) {
  switch (argc) {
    @meta for enum(shape s : shape) case (int)s + 1: std::printf("%s\n", s.string);
  }
  switch (argc) {
    @meta for enum(shape s : shape) { case (int)s + 1: std::printf("%s\n", s.string); break; }
  }
}
SRC
out=$("$CIRCLE" -std=c++20 meta_case.cxx -o meta_case 2>&1)
expect_eq "$?" 1 "an unbraced case body fails"
expect_contains "$out" "meta_case.cxx:5:37: error: a 'case' label as the unbraced body of '@meta for'" "at the label"
expect_eq "$(grep -c 'error:' <<< "$out")" 1 "one error, the braced switch accepted"

# P2392's is/as and inspect: user operators (a plain struct, std::variant through
# `T is Ts` in requires clauses), arms with bindings, `is T`, braced statements and
# `is _`; T.is_reference, T.remove_reference on a using alias; a type's .string joined
# with "+" into a constant string.
"$CIRCLE" "$PROGRAMS/dialect_patterns.cxx" -o patterns > build.log 2>&1
expect_eq "$?" 0 "dialect_patterns.cxx compiles ($(cat build.log))"
expect_eq "$(./patterns)" "$(cat "$PROGRAMS/dialect_patterns.out")" "inspect, is and as match as written"
cat > patbad.cxx <<'SRC'
#include <cstdio>
template <class X> void a(const X& x) {
  inspect(x) {
    i as int printf("%d\n", i);
  }
}
template <class X> void b(const X& x) {
  inspect(x) {
    is _ => printf("any\n");
    i as int => printf("%d\n", i);
  }
}
template <class X> void c(const X& x) {
  inspect(x) {
    i is int => printf("%d\n", i);
  }
}
int main() { a(1); b(2); c(3); }
SRC
out=$("$CIRCLE" patbad.cxx -o patbad 2>&1); rc=$?
expect_eq "$rc" 1 "misused inspect fails"
expect_contains "$out" "patbad.cxx:4:5: error: an inspect's pattern needs '=>' and a statement" "a pattern without =>"
expect_contains "$out" "patbad.cxx:10:5: error: a pattern after 'is _' is never reached" "a pattern after is _"
expect_contains "$out" "patbad.cxx:15:7: error: 'name is type' binds nothing" "a binding with is"
expect_eq "$(grep -c error: <<< "$out")" 3 "each misuse said once, nothing more"

# In a file that uses Circle's syntax, a struct's member named string keeps C++'s
# meaning wherever an operator binds before the member access (&, -, sizeof, a chain,
# ->) or more follows it (.size(), [i]); on its own it reads the member.
cat > members.cxx <<'SRC'
#include <cstdio>
#include <string>
struct named { std::string string; int number; };
struct outer { named inner; };
int main() {
  named n{"abc", 3};
  outer o{{"de", 4}};
  const std::string* p = &n.string;
  named* q = &n;
  std::printf("%zu %zu %c %s %zu %s\n", p->size(), n.string.size(), n.string[1], o.inner.string.c_str(),
              sizeof n.string == sizeof(std::string) ? (size_t)1 : (size_t)0, q->string.c_str());
  std::string copy = n.string;
  std::printf("%s %d\n", copy.c_str(), @range(2)) ...;
}
SRC
"$CIRCLE" members.cxx -o members > build.log 2>&1
expect_eq "$?" 0 "members named string compile in a Circle file ($(cat build.log))"
expect_eq "$(./members)" "$(printf '3 3 b de 1 abc\nabc 0\nabc 1')" "members named string read as C++ members"

# The guide's programs, verbatim (tests/seed/): they compile for two sms; the GPU
# suite runs them (tests/gpu/cases.txt, seed_*).
for name in roman unique qsort vec targets if_target launch bad_launch tuning1 launch2 any; do
  out=$(cu -sm_75 -sm_90 "$CIRCLE_ROOT/tests/seed/$name.cxx" -o "$name" 2>&1)
  expect_eq "$?" 0 "the guide's $name.cxx compiles ($out)"
done
expect_eq "$(./targets)" "$(printf 'sm_75 = 75\nsm_90 = 90')" "the guide's targets.cxx prints every sm"
expect_eq "$(./tuning1)" "$(cat "$CIRCLE_ROOT/tests/seed/tuning1.out")" "the guide's tuning1.cxx prints the guide's output"
# A tuning for an sm sm_selector lacks fails the guide's static_assert, with its message.
sed 's/\]\] = 61,/]] = 63,/' "$CIRCLE_ROOT/tests/seed/tuning1.cxx" > tuning_bad.cxx
out=$("$CIRCLE" tuning_bad.cxx -o tuning_bad 2>&1); rc=$?
expect_eq "$rc" 1 "an invalid tuning fails"
expect_contains "$out" "tuning_bad.cxx:36:3: error: static assertion failed due to requirement 'is_value_in_enum<tuning_t::pascal, sm_selector>': pascal (63) is invalid)" "the message joined with + names the tuning"
expect_eq "$(grep -c 'C++26' <<< "$out")" 0 "no C++26 extension warning for Circle's message"
# launch2.cxx: @meta printf prints each sm's choice while compiling; each sm's kernel
# gets its tuning's launch bounds from __nvvm_maxntidx/__nvvm_minctasm in its if target.
out=$(cu -sm_75 -sm_90 -S -gpu "$CIRCLE_ROOT/tests/seed/launch2.cxx" -o l2 2>/dev/null)
expect_eq "$out" "$(printf 'Selecting tuning "turing" for arch sm_75\nSelecting tuning "ampere" for arch sm_90')" "@meta printf in launch2"
expect_eq "$(grep -E '^\.(maxntid|minnctapersm)' l2.sm_75.ptx | tr '\n' ' ')" ".maxntid 256 .minnctapersm 3 " "sm_75: turing's nt and occ"
expect_eq "$(grep -E '^\.(maxntid|minnctapersm)' l2.sm_90.ptx | tr '\n' ' ')" ".maxntid 256 " "sm_90: ampere's nt, no occ"
# if_target.cxx: each sm's kernel keeps only its own printf (the @meta for enum body
# once per sm, the if target folded per pass).
cu -sm_75 -sm_90 -S -gpu "$CIRCLE_ROOT/tests/seed/if_target.cxx" -o it > /dev/null 2>&1
# The names are the registry's arrays (__circle_chars): each sm's PTX has its own only.
expect_eq "$(grep -c '\.b8 [^ ]*\[6\] = {115, 109, 95, 55, 53}' it.sm_75.ptx)" 1 "sm_75's kernel names sm_75"
expect_eq "$(grep -c '\.b8 [^ ]*\[6\] = {115, 109, 95, 57, 48}' it.sm_90.ptx)" 1 "sm_90's kernel names sm_90"
expect_eq "$(grep -c '{115, 109, 95, 57, 48}' it.sm_75.ptx)" 0 "sm_75's kernel has no sm_90 name"
expect_eq "$(grep -c 'call.uni (retval0), vprintf' it.sm_90.ptx)" 1 "one printf per kernel"
# launch.cxx: the 5-argument launch inside @meta for enum emits kernel<sm_XX> for its sm only.
cu -sm_75 -sm_90 -S -gpu "$CIRCLE_ROOT/tests/seed/launch.cxx" -o la > /dev/null 2>&1
expect_eq "$(grep '\.entry' la.sm_75.ptx | tr -d '\n')" ".visible .entry _Z6kernelIL11nvvm_arch_t75EEvv()" "sm_75 has only kernel<sm_75>"
expect_eq "$(grep '\.entry' la.sm_90.ptx | tr -d '\n')" ".visible .entry _Z6kernelIL11nvvm_arch_t90EEvv()" "sm_90 has only kernel<sm_90>"
# The respelled kernel is what the standard-C++ port compiles to: same loop, same calls.
cu -sm_90 -S -gpu "$CIRCLE_ROOT/tests/seed/unique.cxx" -o seed > /dev/null 2>&1
cu -sm_90 -S -gpu "$EXAMPLES/unique.cxx" -o port > /dev/null 2>&1
expect_file seed.sm_90.ptx "the seed's PTX"
expect_eq "$(grep -c 'call' seed.sm_90.ptx)" "$(grep -c 'call' port.sm_90.ptx)" "unique.cxx's kernel makes the port's calls"
# The dialect never changes valid C++: an enum used as a type whose initializer follows
# in braces is no enum definition (it was registered again: "redefinition of
# '__circle_enum_info'"); with a base type, definitions still reflect.
cat > enum_uses.cxx <<'SRC'
#include <cstdio>
#include <cstdint>
#include <initializer_list>
enum E { A, B, C };
enum class F : std::uint8_t { X, Y };
int main() {
  std::initializer_list<enum E> x = { A, B };
  std::initializer_list<F> y = { F::X, F::Y, F::X };
  printf("%zu %zu %d %d\n", x.size(), y.size(), E.enum_count, F.enum_count);
}
SRC
cu enum_uses.cxx -o enum_uses; expect_eq "$?" 0 "enums used as types compile"
expect_eq "$(./enum_uses)" "2 3 3 2" "and the definitions still reflect"
# @meta for enum over a template's enumeration, and with an unbraced body (C++20: the
# body becomes a template lambda over the registry's enumerators); a statement
# respelled just before such a @meta for runs before it, once.
cat > meta_enum_lambda.cxx <<'SRC'
#include <cstdio>
enum class fruit { apple, banana, cherry };
enum color_t { red, green };
template <typename E> void describe() {
  std::printf("count %d\n", E.enum_count);
  @meta for enum(E e : E) { std::printf("%s=%d\n", e.string, (int)e); }
}
template <typename E> void counted() {
  std::printf("count %d\n", E.enum_count);
  @meta for (int i : 2) std::printf("i %d\n", i);
}
int main() {
  describe<fruit>();
  describe<color_t>();
  counted<fruit>();
  @meta for enum(fruit f : fruit) std::printf("%s\n", f.string);
}
SRC
cu -std=c++20 meta_enum_lambda.cxx -o meta_enum_lambda; expect_eq "$?" 0 "@meta for enum in a template and unbraced compile"
expect_eq "$(./meta_enum_lambda | tr '\n' ' ')" \
  "count 3 apple=0 banana=1 cherry=2 count 2 red=0 green=1 count 3 i 0 i 1 apple banana cherry " \
  "each enumerator once, the statement before once"
out=$(cu -std=c++17 meta_enum_lambda.cxx -o meta_enum17 2>&1); expect_eq "$?" 1 "as C++17 these fail"
expect_contains "$out" "meta_enum_lambda.cxx:16:3: error: this '@meta for enum' needs C++20" "an unbraced @meta for enum, said"
expect_contains "$out" "meta_enum_lambda.cxx:6:24: error: 'E' is not an enumeration circle has seen" "a template's enumeration as C++17, said"
# C++'s unary folds over a noted enum's packs, left and right, in an initializer and
# inside a larger expression.
cat > enum_folds.cxx <<'SRC'
#include <cstdio>
enum class fruit { apple = 1, banana = 5, cherry = 10 };
int main() {
  int total = (... + (int)fruit.enum_values);
  int product = ((int)fruit.enum_values * ...);
  bool any = (... || (fruit.enum_values == fruit::banana));
  std::printf("%d %d %d %d\n", total, product, (int)any, (... + (int)fruit.enum_values) * 2);
}
SRC
cu enum_folds.cxx -o enum_folds; expect_eq "$?" 0 "folds over enum packs compile"
expect_eq "$(./enum_folds)" "16 50 1 32" "and fold every enumerator"
# A multi-conditional over a noted enum's packs in ordinary code (read through the
# registry, as a template's): the first enumerator the condition holds for.
cat > enum_multi.cxx <<'SRC'
#include <cstdio>
#include <initializer_list>
enum color_t { red = 3, green = 7, blue = 11 };
int main() {
  for (int ver : {0, 4, 8, 12}) {
    int index = ver < (int)color_t.enum_values ...? int... : -1;
    std::printf("%d ", index);
  }
}
SRC
cu enum_multi.cxx -o enum_multi; expect_eq "$?" 0 "...? over a noted enum compiles"
expect_eq "$(./enum_multi)" "0 1 2 -1 " "and picks the first enumerator that holds"
# @meta for enum over an enumeration the registry lacks (a system header's): an error that
# names it, at the user's line through the instantiation note, exit 1.
cat > meta_enum_unseen.cxx <<'SRC'
#include <cstdio>
#include <system_error>
int main() {
  @meta for enum(std::errc e : std::errc) std::printf("%d\n", (int)e);
}
SRC
out=$(cu -std=c++20 meta_enum_unseen.cxx -o meta_enum_unseen 2>&1); expect_eq "$?" 1 "an enumeration circle did not note fails"
expect_contains "$out" "@meta for enum: not an enumeration circle has seen in your files" "said so"
expect_contains "$out" "meta_enum_unseen.cxx:4:" "with the user's line"
expect_no_file meta_enum_unseen "no output"
# A '@' construct a macro writes: circle reads them from the text, so it says that, at the
# macro's use, instead of Clang's bare "expected expression".
cat > meta_macro.cxx <<'SRC'
#include <cstdio>
enum class color { red, green, blue };
#define EACH(E) @meta for enum(E e : E) std::printf("%s\n", @enum_name(e));
int main() {
  EACH(color)
}
SRC
out=$(cu meta_macro.cxx -o meta_macro 2>&1); expect_eq "$?" 1 "a macro-written @meta for fails"
expect_contains "$out" "meta_macro.cxx:5:3: error: circle reads its '@' constructs" "said at the macro's use"
expect_contains "$out" "'EACH' writes one here" "naming the macro"
expect_eq "$(grep -c "circle reads its '@'" <<< "$out")" 1 "once per use"
expect_no_file meta_macro "no output"
# Folds over a noted enum's packs group as C++ groups them, whatever the operator:
# a right fold from the right (it once came out as a left fold: 10-3-2 for 10-(3-2)),
# and binary folds with their init innermost.
cat > enum_folds.cxx <<'SRC'
#include <cstdio>
enum class n { a = 10, b = 3, c = 2 };
int main() {
  int left = (... - (int)n.enum_values);
  int right = ((int)n.enum_values - ...);
  int binary_left = (100 - ... - (int)n.enum_values);
  int binary_right = ((int)n.enum_values - ... - 1);
  int sum = (0 + ... + (int)n.enum_values);
  bool all = (true && ... && ((int)n.enum_values > 1));
  std::printf("%d %d %d %d %d %d\n", left, right, binary_left, binary_right, sum, all);
}
SRC
cu -std=c++20 enum_folds.cxx -o enum_folds; expect_eq "$?" 0 "folds over enum packs compile"
expect_eq "$(./enum_folds)" "5 9 85 8 15 1" "((10-3)-2), 10-(3-2), ((100-10)-3)-2, 10-(3-(2-1)), sums and &&"
# An enumeration without enumerators: && and || folds give C++'s true and false, a binary
# fold its init, another unary fold a located error (it once hung circle: a count below zero).
cat > enum_folds_empty.cxx <<'SRC'
#include <cstdio>
enum class none {};
int main() {
  std::printf("%d %d %d\n", (... && ((int)none.enum_values > 0)), (7 - ... - (int)none.enum_values),
              ((int)none.enum_values || ... || false));
}
SRC
cu -std=c++20 enum_folds_empty.cxx -o enum_folds_empty; expect_eq "$?" 0 "folds over an empty enumeration compile"
expect_eq "$(./enum_folds_empty)" "1 7 0" "true, the init, false"
printf 'enum class none {};\nint main() { return (... + (int)none.enum_values); }\n' > enum_fold_empty_plus.cxx
out=$(cu -std=c++20 enum_fold_empty_plus.cxx -o enum_fold_empty_plus 2>&1); expect_eq "$?" 1 "an empty unary + fold fails"
expect_contains "$out" "enum_fold_empty_plus.cxx:2:26: error: a unary fold over 'none', which has no enumerators, needs && or ||" "at the operator"
expect_no_file enum_fold_empty_plus "no output"
# sizeof... of an enum pack is the enumeration's count, wherever C++ takes a constant:
# namespace scope, a function body, a lambda, a kernel, static_assert, and on a template's
# enum (a function template's return, a class template's member).
cat > enum_pack_size.cxx <<'SRC'
#include <cstdio>
enum class color_t { red, green, blue, black };
constexpr int at_namespace = sizeof...(color_t.enum_values);
static_assert(sizeof...(color_t.enum_names) == 4, "four colors");
template <typename E> int count() { return sizeof...(E.enum_names); }
template <typename E> struct holder { static constexpr int n = sizeof...(E.enum_values) * 2; };
__global__ void kernel(int* out) { out[0] = sizeof...(color_t.enum_names) * 10; }
int main() {
  int n = sizeof...(color_t.enum_names);
  auto f = [] { return sizeof...(color_t.enum_values) + 1; };
  std::printf("%d %d %d %d %d\n", at_namespace, n, count<color_t>(), holder<color_t>::n, (int)f());
}
SRC
cu -sm_90 -std=c++20 enum_pack_size.cxx -o enum_pack_size; expect_eq "$?" 0 "sizeof... of enum packs compiles"
expect_eq "$(./enum_pack_size)" "4 4 4 8 5" "each the count of color_t"
cu -sm_90 -std=c++20 -S -gpu enum_pack_size.cxx -o enum_pack_size; expect_contains "$(cat enum_pack_size.sm_90.ptx)" "], 40;" "the kernel's too"
# Range packs with literal bounds expand as list elements (a braced list, arguments);
# a lambda's body in a declaration is taken statement by statement.
cat > lists.cxx <<'SRC'
#include <cstdio>
#include <vector>
int sum3(int a, int b, int c) { return a + b + c; }
int main() {
  int a[] { int...(5) ... };
  int b[] = { int...(2:8:2) * 10 ..., 99 };
  std::vector<int> v { @range(10:0:-3) ... };
  printf("%d %d %d %d\n", a[4], b[1], (int)(sizeof b / sizeof b[0]), sum3(int...(3) ...));
  printf("%d ", v[:]) ...;
  auto twice = [&] { printf("%d ", v[:] * 2) ...; printf("\n"); };
  twice();
}
SRC
"$CIRCLE" lists.cxx -o lists > build.log 2>&1; expect_eq "$?" 0 "list expansions compile ($(cat build.log))"
expect_eq "$(./lists)" "$(printf '4 40 4 3\n9 6 3 0 18 12 6 0 \n')" "each element once per value"

# Errors that say what circle does not take, and nothing after them: a slice in a list
# (its length is the running program's), a trait a macro writes, an ambiguous enum, a
# declaration whose initializer is dropped.
cat > bad2.cxx <<'SRC'
#include <cstdio>
#include <vector>
namespace a { enum class color { red, green }; }
namespace b { enum class color { cyan }; }
enum class fruit { apple, pear };
#define NFRUIT sizeof...(fruit.enum_values)
int main(int argc, char**) {
  std::vector<int> v { 1, 2 };
  int w[] { v[:] ... };
  int n = (int)NFRUIT;
  printf("%d\n", (int)sizeof...(color.enum_values) + color.enum_count);
  int bad = v[:] + 1;
  int m = int...(argc) ...;
  int huge[] { int...(100000000) ... };
  int bounded[] { int...(argc) ... };
  std::vector<int> items = [ 1, 2 ..., v[:] ... ];
  printf("%d %d %d\n", n, bad, m);
}
SRC
out=$("$CIRCLE" bad2.cxx -o bad2 2>&1); rc=$?
expect_eq "$rc" 1 "bad2 fails"
expect_contains "$out" "bad2.cxx:9:14: error: a slice's length is known only when the program runs" "a slice in a braced list"
expect_contains "$out" "bad2.cxx:10:16: error: circle reads an enum's traits (.enum_values) from the source text, not from macro expansions: 'NFRUIT'" "a trait a macro writes"
expect_contains "$out" "bad2.cxx:11:33: error: two enumerations are named 'color'" "an ambiguous enum in sizeof..."
expect_contains "$out" "bad2.cxx:11:54: error: two enumerations are named 'color'" "an ambiguous enum's count"
expect_contains "$out" "bad2.cxx:12:14: error: a slice is a pack" "a slice outside any expansion"
expect_not_contains "$out" "undeclared identifier 'bad'" "the dropped declaration still declares its variable"
expect_contains "$out" "bad2.cxx:13:7: error: an expanded statement runs once per element, inside a loop" "an expanded declaration"
expect_not_contains "$out" "undeclared identifier 'm'" "nor its variable"
expect_contains "$out" "bad2.cxx:15:19: error: in a braced list or an argument list circle expands 'int...(...)' when its bounds are integer literals" "a list expansion's count is a literal"
expect_contains "$out" "bad2.cxx:16:35: error: this item of the list has no dynamic pack to expand" "a comprehension's item expands a pack"
expect_contains "$out" "bad2.cxx:14:16: error: circle writes a list expansion's elements out, at most 65536: this one has 100000000" "a list expansion's count is bounded"

# A list comprehension is a std::vector that also converts to other containers, as Circle's.
cat > comprehension.cxx <<'SRC'
#include <cstdio>
#include <vector>
#include <string>
#include <set>
int total(const std::vector<int>& v) { int s = 0; for (int x : v) s += x; return s; }
int main() {
  std::string s = "Hello world";
  std::string r = [s[::-1]...];
  std::set<int> st = [ 3, @range(5)..., 3 ];
  std::vector v = [ @range(1:4)... ];
  auto m = [ v[:] * 2 ... ];
  std::vector<int> w = [ 7, v[:] ... ];
  printf("%s %d %d %d %d %d\n", r.c_str(), (int)st.size(), total(v), total(m), total(w), total([ @range(4)... ]));
}
SRC
"$CIRCLE" comprehension.cxx -o comprehension > build.log 2>&1; expect_eq "$?" 0 "list comprehensions compile ($(cat build.log))"
expect_eq "$(./comprehension)" "dlrow olleH 5 6 12 13 6" "each comprehension's elements, in each container"

# Circle's for-expressions in a comprehension: a filter, a braced sequence per element, an
# index, a count for a range, any range a ranged for reads, comprehensions inside one.
cat > for_expressions.cxx <<'SRC'
#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>
int main() {
  std::string s = "Hello world";
  std::string a = ['*', for c : s if islower(c) => c ..., '*'];
  std::string b = [for c : s => { (char)toupper(c), c } ...];
  std::string c = [for i, ch : s if i % 2 == 0 => ch ...];
  std::vector<int> vi{1, 2, 3, 4, 5, 6};
  std::set<int> odd = [for x : vi if x & 1 => x * 10 ...];
  std::vector sq = [for i : 4 => i * i ...];
  std::vector vv = [for i : 4 => [for j : i => j ...] ...];
  std::map<std::string, int> m{{"b", 2}, {"a", 1}};
  std::vector keys = [for &kv : m => kv.first ..., std::string("!")];
  std::vector<int> rep = [for x : vi if x & 1 => for y : x => x ... ...];
  std::string seq = [{s[:-7], '-'} ..., s.back()];
  std::string over = [for ch : s[::-2] ... => { ch, '.' } ...];
  printf("%s|%s|%s|", a.c_str(), b.c_str(), c.c_str());
  for (int x : odd) printf("%d ", x);
  printf("|%d %d %d %d|", sq[0], sq[1], sq[2], sq[3]);
  for (auto& v : vv) printf("%d:%d ", (int)v.size(), v.empty() ? -1 : v.back());
  printf("|%s%s%s|", keys[0].c_str(), keys[1].c_str(), keys[2].c_str());
  for (int x : rep) printf("%d", x);
  printf("|%s|%s\n", seq.c_str(), over.c_str());
}
SRC
"$CIRCLE" for_expressions.cxx -o for_expressions > build.log 2>&1; expect_eq "$?" 0 "for-expressions compile ($(cat build.log))"
expect_eq "$(./for_expressions)" "*elloworld*|HHEeLlLlOo  WwOoRrLlDd|Hlowrd|10 30 50 |0 1 4 9|0:-1 1:0 2:1 3:2 |ab!|133355555|H-e-l-l-o-d|d.r.w.o.l.H." \
  "each for-expression's elements, filtered, in sequence, by index"
cat > bad_for.cxx <<'SRC'
#include <vector>
int main() {
  std::vector<int> v{1, 2};
  std::vector<int> a = [for x : v => x];
  std::vector<int> b = [for x : v => for y : v[:] ... => y ... ...];
  std::vector<int> c = [for x : v => x + v[:] ...];
  std::vector<int> d = [for x v => x ...];
}
SRC
out=$("$CIRCLE" bad_for.cxx -o bad_for 2>&1); expect_eq "$?" 1 "bad for-expressions fail"
expect_contains "$out" "bad_for.cxx:4:25: error: a for-expression ends with '...'" "one without its '...'"
expect_contains "$out" "bad_for.cxx:5:51: error: circle expands a pack as the range of the outermost for-expression only" "a pack as an inner range"
expect_contains "$out" "bad_for.cxx:6:38: error: a dynamic pack in a for-expression's body gives several elements: expand it with '...'" "a slice in the body, unexpanded"
expect_contains "$out" "bad_for.cxx:7:25: error: a for-expression is 'for [index,] name : range [if condition] => body ...'" "a malformed header"
expect_eq "$(ls bad_for 2>/dev/null)" "" "nothing built"

# '1...' is the number 1 then '...' (C's pp-number swallows the dots), whatever the number.
cat > number_dots.cxx <<'SRC'
#include <cstdio>
#include <vector>
int main() {
  std::vector<double> v{0, 0, 0};
  v[:] = 1.5e2...;
  v[1:] += 0x10...;
  v[2:] -= 1....;
  std::printf("%g %g %g\n", v[0], v[1], v[2]);
}
SRC
"$CIRCLE" number_dots.cxx -o number_dots > build.log 2>&1; expect_eq "$?" 0 "numbers before '...' compile ($(cat build.log))"
expect_eq "$(./number_dots)" "150 166 165" "and keep their values"

# Circle's static slices of a function's or a template's pack, args...[b:e:s], expanded
# by the statement's '...'; args...[-1] counts from the end; C++26's args...[i] stays Clang's.
cat > static_slices.cxx <<'SRC'
#include <cstdio>
#include <iostream>
template <class... A> void print(const A&... args) {
  std::cout << "[ ";
  std::cout << args...[:-2] << ", " ...;
  if constexpr (sizeof...(A) > 0) std::cout << args...[-1] << " ";
  std::cout << "] ";
  if constexpr (sizeof...(A) > 1) std::cout << args...[-2] << " ";
  std::cout << args...[::-1] << " " ...;
  std::cout << args...[1::2] << ":" << args...[::2] << " " ...;
  std::cout << "|\n";
}
template <int... V> int sum_odd_places() { int s = 0; s += V...[1::2] ...; return s; }
int main() {
  print(1, 2.5, "three", 'f');
  print();
  print(7);
  std::printf("%d\n", sum_odd_places<1, 20, 3, 40, 5>());
}
SRC
"$CIRCLE" -Wno-c++26-extensions static_slices.cxx -o static_slices > build.log 2>&1; expect_eq "$?" 0 "static slices compile ($(cat build.log))"
expect_eq "$(./static_slices)" "$(printf '[ 1, 2.5, three, f ] three f three 2.5 1 2.5:1 f:three |\n[ ] |\n[ 7 ] 7 |\n60')" \
  "each static slice's arguments, in order, zipped with another"
cat > bad_static.cxx <<'SRC'
#include <vector>
template <class... A> void f(A... args) {
  std::vector<int> v{1};
  int n = args...[:-2];
  g(args...[::2], v[:]) ...;
  int m = args...[::] ...;
}
SRC
out=$("$CIRCLE" bad_static.cxx -o bad_static 2>&1); expect_eq "$?" 1 "bad static slices fail"
expect_contains "$out" "bad_static.cxx:4:15: error: a static slice is a pack: expand the statement with '...'" "one outside an expansion"
expect_contains "$out" "bad_static.cxx:5:9: error: circle expands a static slice and a dynamic pack in separate statements" "beside a dynamic pack"
expect_contains "$out" "bad_static.cxx:6:7: error: an expanded statement runs once per element: a variable it declared" "an expanded declaration"

# Static slices of an object's members, obj.[b:e:s]: a tuple's elements, a class's data
# members, an array's elements (what a structured binding names), in an expanded
# statement, in a template over the object's type, in a kernel, and as a call's
# arguments (each argument's slice with its own length), a pack's slice there too.
cat > member_slices.cxx <<'SRC'
#include <array>
#include <cstdio>
#include <iostream>
#include <tuple>
struct point { int x; double y; const char* name; };
template <class... T> void print_args(const T&... xs) { ((std::cout << xs << " "), ...); std::cout << "|\n"; }
template <class... T> int count(const T&...) { return sizeof...(T); }
template <class T> void show(const T& t) { std::cout << t.[:] << ";" ...; std::cout << "\n"; }
template <class... A> void tail(A... args) { print_args(args...[1:] ...); }
__global__ void scale(point* p, int* out) {
  int i = 0;
  out[i++] = (*p).[:2] * 10 ...;
}
int main() {
  auto tuple = std::make_tuple('A', 1, 2.5, "Three");
  std::cout << tuple.[:] << " " ...;
  std::cout << "\n";
  point p{3, 4.5, "p"};
  show(p);
  int a[]{10, 20, 30, 40, 50};
  std::cout << a.[::-1] << " " ...;
  std::cout << "\n";
  std::array<int, 4> arr{1, 2, 3, 4};
  printf("%d ", arr.[1::2]) ...;
  printf("\n");
  print_args(tuple.[::-1] ...);
  print_args(tuple.[0::2] ..., a.[1:3] ...);
  printf("%d\n", count(tuple.[1:] ...) + 10);
  tail(7, 8, 9);
}
SRC
"$CIRCLE" -sm_90 member_slices.cxx -o member_slices > build.log 2>&1; expect_eq "$?" 0 "member slices compile ($(cat build.log))"
expect_not_contains "$(cat build.log)" "warning" "no C++26-extension warning from the prelude's binding packs"
expect_eq "$(./member_slices)" "$(printf 'A 1 2.5 Three \n3;4.5;p;\n50 40 30 20 10 \n2 4 \nThree 2.5 1 A |\nA 2.5 20 30 |\n13\n8 9 |')" \
  "each object's members, in order, reversed, strided, and as call arguments"
cat > bad_member_slice.cxx <<'SRC'
#include <tuple>
void g(int, int);
std::tuple<int, int> make();
int main() {
  auto t = std::make_tuple(1, 2);
  g(t.[:]);
  int n = t.[:];
  g(make().[:] ...);
}
SRC
out=$("$CIRCLE" bad_member_slice.cxx -o bad_member_slice 2>&1); expect_eq "$?" 1 "member slices not expanded fail"
expect_contains "$out" "bad_member_slice.cxx:6:9: error: a static slice is a pack: expand this argument with '...'" "an argument not expanded"
expect_contains "$out" "bad_member_slice.cxx:7:12: error: a static slice is a pack: expand the statement" "outside an expansion"
expect_contains "$out" "bad_member_slice.cxx:8:9: error: circle spells a sliced object once for each element" "an object made by a call"

# Circle's range-for over a pack expansion: the pattern's elements in order, computed as
# the loop reaches them (a range with no end runs until the body breaks); break and
# continue keep their meaning; a braced body or one statement; nested; in a kernel.
cat > pack_range_for.cxx <<'SRC'
#include <cstdio>
#include <list>
#include <string>
#include <vector>
int main() {
  for (int i : @range(1::2)...) {
    if (i > 7) break;
    printf("%d ", i);
  }
  printf("|");
  int items[] {5, 2, 2, 3, 1};
  for (int x : items[:] + items[1:]...) printf("%d ", x);
  printf("|");
  std::list<std::string> words {"a", "bb", "ccc"};
  for (const auto& w : words[:] + "!" ...) {
    if (w.size() == 3) continue;
    printf("%s ", w.c_str());
  }
  printf("|");
  for (int n : int...(1:4)...) { for (int m : @range(n)...) printf("%d", m); printf(","); }
  if (items[0] == 5) for (auto [i, v] : std::pair<int, int>(int...(3), items[:])...) printf("%d=%d ", i, v);
  printf("|");
  int total = 0;
  for (int x : @range(3)...) total += x;
  printf("%d|", total);
  std::vector<int> v {1, 2};
  for (int i : @range(2)...) printf("%d ", v[:] * 10 + i) ...;
  for (int i : @range(2)...) { printf("%d ", v[:] + i) ...; }
  for (int i : v[:]...) {
#if 1
    printf("<%d", i);
#else
    {
#endif
    if (i > 1) { printf("!"); }
  }
  printf("\n");
}
SRC
"$CIRCLE" pack_range_for.cxx -o pack_range_for > build.log 2>&1; expect_eq "$?" 0 "range-fors over packs compile ($(cat build.log))"
expect_eq "$(./pack_range_for)" "1 3 5 7 |7 4 5 4 |a! ccc! |0,01,012,0=5 1=2 2=2 |3|10 20 11 21 1 2 2 3 <1<2!" \
  "each loop's elements, lazily, with break and continue, nested, destructured, bodies expanding packs or holding directives"
printf '__global__ void k(int* out) {\n  int a[] {4, 5, 6};\n  for (int x : a[::-1] * 2 ...) *out = *out * 100 + x;\n}\n' > range_for_kernel.cxx
"$CIRCLE" -sm_90 -S -gpu range_for_kernel.cxx -o range_for_kernel > build.log 2>&1; expect_eq "$?" 0 "in a kernel ($(cat build.log))"
expect_contains "$(cat range_for_kernel.sm_90.ptx)" ".entry _Z1kPi" "the kernel's PTX"
cat > bad_range_for.cxx <<'SRC'
#include <cstdio>
int main() {
  int items[] {5, 2, 2};
  for (int i : items[:]) printf("%d", i);
  for (int i : items[:]...) if (i) printf("%d", i);
  for (int i : @range(2)...) { int j = i; printf("%d", j); }
}
SRC
out=$("$CIRCLE" bad_range_for.cxx -o bad_range_for 2>&1); expect_eq "$?" 1 "bad range-fors over packs fail"
expect_contains "$out" "bad_range_for.cxx:4:16: error: a range-for over a pack reads its elements one by one: expand the pack with '...'" "one without its '...'"
expect_contains "$out" "bad_range_for.cxx:5:29: error: circle reads a range-for over a pack whose body is a block or one expression or declaration: brace this 'if' statement" "an unbraced if as its body"
expect_eq "$(grep -c 'error:' <<< "$out")" 2 "and nothing more ($out)"

# A comprehension's `| n`: its first n elements, the loops stopping there; a `pack ...`
# range read as the loop reaches it, so one with no end works under a limit.
cat > comprehension_limits.cxx <<'SRC'
#include <cstdio>
#include <string>
#include <vector>
bool palindrome(int i) {
  std::string s = std::to_string(i);
  return (... && (s[:] == s[::-1]));
}
int main() {
  std::vector<int> v {3, 1, 2, 5, 3, 4};
  std::vector<int> odd = [for i : v if 1 & i => for x : i => i ... ...] | 7;
  std::vector<int> cut = [v[:] * 2 ..., 100] | 3;
  int n = 2;
  auto tri = [for i : 4 => [for x : i => i ...] | n ...];
  std::vector<int> pal = [for i : @range(100:)... if palindrome(i) => i ...] | 4;
  std::vector<int> idx = [for k, x : @range(5:)... => k * 100 + x ...] | 3;
  std::vector<int> none = [v[:] ...] | 0;
  printf("%d ", odd[:])...; printf("|");
  printf("%d ", cut[:])...; printf("|");
  for (auto& w : tri) { printf("["); printf("%d", w[:])...; printf("]"); }
  printf("|");
  printf("%d ", pal[:])...; printf("|");
  printf("%d ", idx[:])...; printf("|%zu\n", none.size());
}
SRC
"$CIRCLE" comprehension_limits.cxx -o comprehension_limits > build.log 2>&1; expect_eq "$?" 0 "comprehensions with limits compile ($(cat build.log))"
expect_eq "$(./comprehension_limits)" "3 3 3 1 5 5 5 |6 2 4 |[][1][22][33]|101 111 121 131 |5 106 207 |0" \
  "each comprehension's first n elements, an unbounded range's too"
cat > body_packs.cxx <<'SRC'
#include <cstdio>
#include <map>
#include <string>
#include <vector>
int main() {
  std::map<std::string, int> m {{"bb", 2}, {"a", 1}, {"ccc", 3}};
  std::string keys = [for &kv : m => kv.first[:] ... ...];
  std::vector<int> v {1, 2, 3};
  std::vector<int> runs = [for x : v if x != 2 => v[:x] + x * 10 ... ...];
  std::vector<std::vector<int>> grid = [for i : 3 => [for j : i + 1 => v[:j] ... ...] ...];
  printf("%s|", keys.c_str());
  printf("%d ", runs[:])...;
  printf("|%zu %zu %zu %zu\n", grid.size(), grid[0].size(), grid[1].size(), grid[2].size());
}
SRC
"$CIRCLE" body_packs.cxx -o body_packs > build.log 2>&1; expect_eq "$?" 0 "for-expression bodies expanding packs of their own compile ($(cat build.log))"
expect_eq "$(./body_packs)" "abbccc|11 31 32 33 |3 0 1 3" "each body's own expansion, per element"
printf '#include <vector>\nint main() {\n  std::vector<int> all = [for i : @range(1:)... => i ...];\n}\n' > bad_limit.cxx
out=$("$CIRCLE" bad_limit.cxx -o bad_limit 2>&1); expect_eq "$?" 1 "an unbounded range without a limit fails"
expect_contains "$out" "bad_limit.cxx:3:35: error: '@range' has no length of its own" "one with no end and no '| n'"
expect_contains "$out" "or keep the comprehension's first n elements: [ ... ] | n" "saying what would bound it"

# Lists that expand nothing of their own, inside a comprehension or around one: where the
# expansion happens decides the shape (Circle's "expansion loci"); attributes stay
# attributes in the same file.
cat > list_loci.cxx <<'SRC'
#include <cstdio>
#include <vector>
[[nodiscard]] int twice(int x) { return 2 * x; }
int main() {
  [[maybe_unused]] int unused = 0;
  auto m1 = [ [ @range(3)... ] ];
  auto m2 = [ [ @range(3) ]... ];
  auto m3 = [ for i : 3 => [ i, twice(i) ] ... ];
  std::vector<int> v {4, 5};
  auto m4 = [ [ v[:], -v[:] ] ... ];
  for (auto* m : {&m1, &m2, &m3, &m4}) {
    for (auto& row : *m) { printf("["); printf(" %d", row[:])...; printf(" ]"); }
    printf("|");
  }
  printf("%d ", twice(@range(4))) ...;
}
SRC
"$CIRCLE" list_loci.cxx -o list_loci > build.log 2>&1; expect_eq "$?" 0 "lists inside and around comprehensions compile ($(cat build.log))"
expect_eq "$(./list_loci | tr '\n' ' ')" "[ 0 1 2 ]|[ 0 ][ 1 ][ 2 ]|[ 0 0 ][ 1 2 ][ 2 4 ]|[ 4 -4 ][ 5 -5 ]|0 2 4 6 " \
  "each list where its expansion puts it"

# Folds in a for header: a classic loop's init, condition and increment (its body braced
# or not), a range-for over a fold's count; C++17 too (the range-init written once).
cat > for_header_folds.cxx <<'SRC'
#include <cstdio>
#include <vector>
inline int max_of(int a, int b) { return a > b ? a : b; }
int main() {
  std::vector<int> v {1, 2, 3};
  for (int i = (... + v[:]); i < (... * v[:]) + 3; ++i) { printf("%d ", i); }
  for (int k = 0; k < (... max_of v[:]) * 4; k += (... + v[1:])) printf("k%d ", k);
  for (int x : (... + v[:])) printf("%d", x);
  for (int x : (... * v[:])) { printf("%d", x); }
  printf("\n");
}
SRC
for std in c++17 c++20; do
  "$CIRCLE" -std=$std for_header_folds.cxx -o for_header_folds > build.log 2>&1; expect_eq "$?" 0 "folds in for headers compile, $std ($(cat build.log))"
  expect_eq "$(./for_header_folds)" "6 7 8 k0 k5 k10 012345012345" "each loop's bounds from its folds, $std"
done

# Slices, packs and comprehensions a macro writes: circle reads them from the source text,
# and says so at the macro's use (Clang alone would call them lambdas); C++ in macros, a
# lambda's captures, a ternary in a subscript, is left alone.
cat > macro_packs.cxx <<'SRC'
#include <cstdio>
#include <vector>
#define EACH(v) printf("%d ", v[:]) ...
#define COMP(v) [for x : v => x * 2 ...]
#define TAIL(v) (... + v[1:])
#define AT(v, c) v[c ? 1 : 0]
#define GET [&v](int k) { return v[k]; }
int main() {
  std::vector<int> v {1, 2, 3};
  EACH(v);
  std::vector<int> w = COMP(v);
  int t = TAIL(v);
  printf("%d %d\n", AT(v, t), GET(0));
}
SRC
out=$("$CIRCLE" macro_packs.cxx -o macro_packs 2>&1); expect_eq "$?" 1 "macro-written packs fail"
for at in "10:3: error: circle reads its slices, packs and list comprehensions" "11:24: error: circle reads its slices" \
          "12:11: error: circle reads its slices"; do
  expect_contains "$out" "macro_packs.cxx:$at" "said at the macro's use ($at)"
done
expect_contains "$out" "'COMP' writes one here; write it in the source where the macro is used" "naming the macro"
expect_not_contains "$out" "macro_packs.cxx:13" "C++ in macros left alone"

# What the pack range-fors, limits and lists cannot be, each said at its place.
cat > bad_lists.cxx <<'SRC'
#include <vector>
int main() {
  std::vector<int> v {1, 2};
  std::vector<int> a = [v[:] ...] | ;
  auto b = [ v[:] ..., [ ] ];
  auto c = [ [ v[:], , 1 ] ... ];
  for (int x : [v[:] ...] ...) {}
  std::vector<int> d = [for x : [v[:] ...] ... => x ...];
}
SRC
out=$("$CIRCLE" bad_lists.cxx -o bad_lists 2>&1); expect_eq "$?" 1 "bad lists fail"
expect_contains "$out" "bad_lists.cxx:4:35: error: '[ ... ] |' is followed by the number of elements to keep" "a limit without its number"
expect_contains "$out" "bad_lists.cxx:5:24: error: an empty list '[ ]' has no element type" "an empty list inside a comprehension"
expect_contains "$out" "bad_lists.cxx:6:14: error: an item of this list is empty" "an empty item"
expect_contains "$out" "bad_lists.cxx:7:27: error: this '...' expands no pack of the range-for's own" "a range-for whose pack is a comprehension's"
expect_contains "$out" "bad_lists.cxx:8:44: error: this for-expression's range has no dynamic pack to expand" "a for-expression's likewise"
expect_eq "$(grep -c 'error:' <<< "$out")" 5 "and nothing more ($out)"
expect_no_file bad_lists "no program"

# An integer's .string is a constant string for static_assert messages; given to printf's
# `...` it would print garbage, so that is Clang's error, not a warning.
cat > digits.cxx <<'SRC'
#include <cstdio>
enum class fruit { apple = 1, banana = 2, cherry = 4 };
int main() {
  static_assert((int)fruit.enum_count == 3, "three, not " + ((int)fruit.enum_count).string);
  auto digits = ((int)fruit::cherry).string;
  printf("%s\n", digits.c_str());
  printf("%s\n", ((int)fruit::cherry).string);
}
SRC
out=$(cu digits.cxx -o digits 2>&1); rc=$?
expect_eq "$rc" 1 "printf of an integer's .string: an error"
expect_contains "$out" "digits.cxx:7:18: error: cannot pass non-trivial object of type '__circle_string' to variadic function" "said where"
expect_no_file digits "no program"
sed -i '/printf("%s\\n", ((int)fruit::cherry).string);/d' digits.cxx
cu digits.cxx -o digits
expect_eq "$(./digits)" "4" "its .c_str() prints the digits"

finish
