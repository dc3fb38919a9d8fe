#!/usr/bin/env python3
"""Circle's constructs (the guide's, dialect/README.md) in every position C++ gives the kind
of thing each produces: a run-time value, a constant, a statement. One program per cell,
each printing the value its construct must give; the value is worked out here, by hand,
once per construct. Cells circle cannot take say so in a diagnostic: `UNSUPPORTED` lists
them with the words the error must hold (dialect/README.md lists them too).

  dialect_matrix.py cells DIR      one DIR/<construct>.<position>.cxx per cell, with
                                   DIR/<...>.expect: "out <text>" or "err <words>", and
                                   "kernel" cells' DIR/<...>.kernel (built for a GPU);
                                   DIR/groups/<construct>.cxx all of a construct's host
                                   cells in one program (each after a "== <cell>" line),
                                   so that a passing matrix costs one compile per construct
  dialect_matrix.py kernels FILE   one program holding every kernel cell, which prints
                                   "<cell> <value>" per cell (tests/gpu runs it)
tests/e2e/test_dialect_matrix.sh builds and runs the cells.
"""
import sys
from pathlib import Path

# What every cell's program starts with. $E is the enumeration (a template's parameter
# where the position is a template), $T the element type.
PRELUDE = """#include <cstdio>
#include <list>
#include <vector>
#include <type_traits>
using weight [[attribute(0)]] = int;
enum class fruit { apple = 1, banana [[ .weight = 5 ]] = 2, cherry = 4 };
constexpr int max_of(int a, int b) { return a > b ? a : b; }
inline int sum_of(const std::vector<int>& v) { int s = 0; for (int x : v) s += x; return s; }
"""

# name: (setup declarations, expression, value). Run-time values: folds over slices and
# ranges. The setup holds declarations only, so it is valid at namespace scope too.
RUNTIME = {
    "slice_fold": ("std::vector<$T> v {1, 2, 3, 4};", "(... + v[:])", 10),
    "array_slice_fold": ("$T a[] {1, 2, 3, 4};", "(... * a[:])", 24),
    "reversed_slice_fold": ("std::vector<$T> v {1, 2, 3, 4};", "(... - v[::-1])", -2),
    "bounded_slice_fold": ("std::vector<$T> v {1, 2, 3, 4};", "(... + v[1:-2])", 5),
    "range_fold": ("", "(... + @range(1:5))", 10),
    "int_pack_fold": ("", "(... * int...(1:5))", 24),
    "function_fold": ("std::vector<$T> v {3, 9, 2};", "(... max_of v[:])", 9),
    "binary_fold": ("std::vector<$T> v {1, 2, 3, 4};", "(100 - ... - v[:])", 90),
    "empty_fold_default": ("std::vector<$T> e;", "(... + e[:]; 7)", 7),
    "short_circuit_fold": ("std::vector<$T> v {1, 2, 3, 4};", "(int)(... || (v[:] == 3))", 1),
    "list_comprehension": ("std::vector<$T> v {1, 2, 3, 4};", "sum_of([ v[::-1] * 10 ..., @range(1:3)..., 5 ])", 108),
    # 2 and 4 with their indices 1 and 3, then 7
    "for_expression": ("std::vector<$T> v {1, 2, 3, 4};", "sum_of([ for i, x : v if x % 2 == 0 => { x, i } ..., 7 ])", 17),
    # 0 + (0+1) + (0+1+2) + (0+1+2+3)
    "nested_for_expression": ("std::vector<$T> v {1, 2, 3, 4};", "sum_of([ for x : v => for y : x => y ... ... ])", 10),
    # 1+1 + 2+1 + 3+1 + 4+1
    "sequence_item": ("std::vector<$T> v {1, 2, 3, 4};", "sum_of([ { v[:], 1 } ... ])", 14),
    # a std::list read by its iterators: 4*1 + 3*2 + 2*3 + 1*4
    "list_slice_fold": ("std::list<$T> l {4, 3, 2, 1};", "(... + l[:] * @range(1:5))", 20),
    # the first three multiples of 3 of an unbounded range: 3 + 6 + 9
    "limited_comprehension": ("", "sum_of([ for i : @range(1:)... if i % 3 == 0 => i ... ] | 3)", 18),
}
# Constants: enum reflection and the attribute queries.
CONSTANT = {
    "enum_count": ("", "$E.enum_count", 3),
    "sizeof_enum_pack": ("", "(int)sizeof...($E.enum_values)", 3),
    "enum_value_fold": ("", "(... + (int)$E.enum_values)", 7),
    "enum_binary_fold": ("", "(100 - ... - (int)$E.enum_values)", 93),
    "enum_names_fold": ("", "(... + (int)sizeof($E.enum_names))", 20),
    "enum_attribute": ("", "@enum_attribute($E, 1, weight)", 5),
    "multi_conditional": ("", "(3 < (int)$E.enum_values ...? int... : -1)", 2),
    # the first index whose value exceeds 3 (cherry's, 2), or the pack's size when none does
    "constexpr_multi_conditional": ("", "(3 < (int)$E.enum_values ...?? int... : (int)sizeof...($E.enum_values))", 2),
    "constexpr_multi_conditional_none": ("", "(5 < (int)$E.enum_values ...?? int... : (int)sizeof...($E.enum_values))", 3),
    "enum_value": ("", "(int)@enum_value($E, 2)", 4),
    "enum_has_attribute": ("", "(int)@enum_has_attribute($E, 1, weight) * 10 + (int)@enum_has_attribute($E, 0, weight)", 10),
    "has_attribute": ("", "(int)@has_attribute(@enum_value($E, 1), weight)", 1),
    "attribute": ("", "@attribute(@enum_value($E, 1), weight)", 5),
    # "cherry": six letters and the terminating zero, read through the pointer .string gives
    "enumerator_string": ("", "@enum_value($E, 2).string[5] == 'y' && @enum_value($E, 2).string[6] == 0 ? 7 : 0", 7),
}
# Statements: each adds to `int r = 0;`, printed after.
STATEMENT = {
    "slice_expansion": ("std::vector<$T> v {1, 2, 3, 4};", "r += v[:] * 2 ...;", 20),
    "range_expansion": ("", "r += @range(1:4) ...;", 6),
    "int_pack_expansion": ("", "r += int...(4) ...;", 6),
    "reversed_slice_expansion": ("std::vector<$T> v {1, 2, 3, 4};", "r = r * 10 + v[::-1] ...;", 4321),
    "enum_expansion": ("", "r += (int)$E.enum_values ...;", 7),
    "integer_range_for": ("", "for (int i : 5) r += i;", 10),
    # 40 31 22 13, the first skipped
    "pack_range_for": ("std::vector<$T> v {1, 2, 3, 4};",
                       "for (int x : v[::-1] * 10 + @range() ...) { if (x > 35) continue; r = r * 100 + x; }", 312213),
    # 2 + 5 + 8 + 11
    "pack_range_for_unbraced": ("", "for (int i : @range(2:12:3) ...) r += i;", 26),
    "meta_for": ("", "@meta for (int i : 3) { r += i * 10; }", 30),
    "meta_for_enum": ("", "@meta for enum ($E f : $E) { r += (int)f; }", 7),
    "meta_for_enum_unbraced": ("", "@meta for enum ($E f : $E) r += (int)f;", 7),
    "static_assert_join": ("", "static_assert((int)$E.enum_count == 3, \"three in \" + @enum_value($E, 0).string + \", \" + "
                           "((int)$E.enum_count).string); r += 3;", 3),
    "meta_printf": ("", "@meta printf(\"at compile time: %s\\n\", @enum_value($E, 1).string); r += 4;", 4),
}

# Positions. {S} the setup, {X} the expression (parenthesised), {V} the value; {N} a
# name unique to the cell. `main` prints the value: `P(x)` is printf("%d\n", (int)(x)).
P = 'printf("%d\\n", (int)({}));'
VALUE_POSITIONS = {
    "initializer": ("", "int main() {{ {S} int r = {X}; " + P.format("r") + " }}"),
    "argument": ("", "int main() {{ {S} " + P.format("{X}") + " }}"),
    "return": ("static int f() {{ {S} return {X}; }}", "int main() {{ " + P.format("f()") + " }}"),
    "if_condition": ("", "int main() {{ {S} if ({X} == {V}) " + P.format("{V}") + ' else printf("wrong\\n"); }}'),
    "if_condition_block": ("", "int main() {{ {S} if ({X} == {V}) {{ " + P.format("{V}") + ' }} else {{ printf("wrong\\n"); }} }}'),
    "switch_condition": ("", "int main() {{ {S} switch ({X}) {{ case {V}: " + P.format("{V}") + ' break; default: printf("wrong\\n"); }} }}'),
    "conditional_operand": ("", "int main() {{ {S} int r = 1 > 0 ? {X} : 0; " + P.format("r") + " }}"),
    "braced_list": ("", "int main() {{ {S} int r[] {{ {X}, 0 }}; " + P.format("r[0]") + " }}"),
    "lambda": ("", "int main() {{ auto l = [&] {{ {S} return {X}; }}; " + P.format("l()") + " }}"),
    "lambda_argument": ("", "int main() {{ " + P.format("[&] {{ {S} return {X}; }}()") + " }}"),
    "generic_lambda": ("", "int main() {{ auto l = [&](auto k) {{ {S} return {X} + k; }}; " + P.format("l(0)") + " }}"),
    "function_template": ("template <class T, class E> int f() {{ {S} return {X}; }}",
                          "int main() {{ " + P.format("f<int, fruit>()") + " }}"),
    "class_template_member": ("template <class T, class E> struct S {{ static int f() {{ {S} return {X}; }} }};",
                              "int main() {{ " + P.format("S<int, fruit>::f()") + " }}"),
    "namespace_scope": ("{S} int r = {X};", "int main() {{ " + P.format("r") + " }}"),
    "nested_in_expansion": ("", "int main() {{ {S} int w[] {{ 0, 0 }}; printf(\"%d\\n\", w[:] + {X}) ...; }}"),
    "if_target_branch": ("", "int main() {{ {S} int r = 0; if target(__is_host_target) r = {X}; " + P.format("r") + " }}"),
}
CONSTANT_POSITIONS = {
    "static_assert": ("", "int main() {{ static_assert({X} == {V}, \"\"); " + P.format("{V}") + " }}"),
    "template_argument": ("", "int main() {{ " + P.format("std::integral_constant<int, {X}>::value") + " }}"),
    "case_label": ("", "int main() {{ switch ({V}) {{ case {X}: " + P.format("{V}") + ' break; default: printf("wrong\\n"); }} }}'),
    "array_bound": ("", "int main() {{ int a[{X}]; " + P.format("sizeof a / sizeof a[0]") + " }}"),
    "constexpr_variable": ("constexpr int r = {X};", "int main() {{ " + P.format("r") + " }}"),
    "dependent_static_assert": ("template <class E> int f() {{ static_assert({X} == {V}, \"\"); return {X}; }}",
                                "int main() {{ " + P.format("f<fruit>()") + " }}"),
}
STATEMENT_POSITIONS = {
    "function_body": ("", "int main() {{ {S} int r = 0; {X} " + P.format("r") + " }}"),
    "unbraced_if": ("", "int main() {{ {S} int r = 0; if (r == 0) {X} " + P.format("r") + " }}"),
    "else_branch": ("", "int main() {{ {S} int r = 0; if (r != 0) {{ }} else {X} " + P.format("r") + " }}"),
    "loop_body": ("", "int main() {{ {S} int r = 0; for (int k = 0; k < 1; ++k) {X} " + P.format("r") + " }}"),
    "case_label": ("", "int main() {{ {S} int r = 0; switch (r) {{ case 0: {X} break; }} " + P.format("r") + " }}"),
    "block": ("", "int main() {{ {S} int r = 0; {{ {X} }} " + P.format("r") + " }}"),
    "lambda": ("", "int main() {{ {S} int r = 0; [&] {{ {X} }}(); " + P.format("r") + " }}"),
    "function_template": ("template <class T, class E> int f() {{ {S} int r = 0; {X} return r; }}",
                          "int main() {{ " + P.format("f<int, fruit>()") + " }}"),
    "class_template_member": ("template <class T, class E> struct S {{ static int f() {{ {S} int r = 0; {X} return r; }} }};",
                              "int main() {{ " + P.format("S<int, fruit>::f()") + " }}"),
}
KERNEL = ("__global__ void k_{N}(int* out) {{ {S} {BODY} }}")

# Cells circle does not take, with the words of the error that says so.
UNSUPPORTED = {
}

TEMPLATE_POSITIONS = {"function_template", "class_template_member", "dependent_static_assert"}


def substitute(text, position):
    dependent = position in TEMPLATE_POSITIONS
    return text.replace("$T", "T" if dependent else "int").replace("$E", "E" if dependent else "fruit")


def cells():
    """(name, program, expected output, kernel body or None) for every cell."""
    groups = [(RUNTIME, VALUE_POSITIONS), (CONSTANT, VALUE_POSITIONS), (CONSTANT, CONSTANT_POSITIONS),
              (STATEMENT, STATEMENT_POSITIONS)]
    for constructs, positions in groups:
        for construct, (setup, x, value) in constructs.items():
            for position, (before, main) in positions.items():
                name = f"{construct}.{position}"
                s, xx = substitute(setup, position), substitute(x, position)
                expr = xx if constructs is STATEMENT else f"({xx})"
                fields = dict(S=s, X=expr, V=value, N=name.replace(".", "_"))
                program = PRELUDE + before.format(**fields) + "\n" + main.format(**fields) + "\n"
                times = 2 if position == "nested_in_expansion" else 1
                yield name, program, f"{value}\n" * times
    for constructs, body in [(RUNTIME, "*out = {X};"), (CONSTANT, "*out = {X};"),
                             (STATEMENT, "int r = 0; {X} *out = r;")]:
        for construct, (setup, x, value) in constructs.items():
            name = f"{construct}.kernel"
            expr = x if constructs is STATEMENT else f"({x})"
            fields = dict(S=substitute(setup, ""), X=substitute(expr, ""), N=name.replace(".", "_"))
            kernel = KERNEL.format(BODY=body.format(**fields), **fields)
            yield name, kernel, value


def group_program(members):
    """One program for a construct's host cells: each cell in its own namespace, its main a
    run() that main calls after printing "== <cell>"."""
    parts, calls = [], []
    for k, (name, program) in enumerate(members):
        body = program[len(PRELUDE):].replace("int main()", "void run()")
        parts.append(f"namespace cell_{k} {{\n{body}}}\n")
        calls.append(f'  printf("== {name}\\n"); fflush(stdout); cell_{k}::run(); fflush(stdout);')
    return PRELUDE + "".join(parts) + "int main() {\n" + "\n".join(calls) + "\n}\n"


def write_cells(out):
    out.mkdir(parents=True, exist_ok=True)
    (out / "groups").mkdir(exist_ok=True)
    groups = {}
    for name, program, expected in cells():
        if not name.endswith(".kernel") and name not in UNSUPPORTED:
            groups.setdefault(name.split(".")[0], []).append((name, program))
        if name.endswith(".kernel"):
            kname = "k_" + name.replace(".", "_")
            program = ("#include <cuda_runtime.h>\n" + PRELUDE + program + "\nint main() { int* out; cudaMallocManaged(&out, sizeof(int)); "
                       f"{kname}<<<1, 1>>>(out); cudaDeviceSynchronize(); printf(\"%d\\n\", *out); }}\n")
            (out / f"{name}.kernel").write_text("")
            expected = f"{expected}\n"
        (out / f"{name}.cxx").write_text(program)
        (out / f"{name}.expect").write_text(f"err {UNSUPPORTED[name]}" if name in UNSUPPORTED else f"out {expected}")
    for construct, members in groups.items():
        (out / "groups" / f"{construct}.cxx").write_text(group_program(members))


def write_kernels(path):
    kernels, calls = [], []
    for name, program, expected in cells():
        if not name.endswith(".kernel") or name in UNSUPPORTED:
            continue
        kernels.append(program)
        calls.append(f'  run(k_{name.replace(".", "_")}, "{name}", {expected});')
    text = ("// Generated by tests/e2e/dialect_matrix.py kernels: every kernel cell of the dialect's\n"
            "// construct x position matrix, run on the GPU (tests/gpu). Do not edit.\n#include <cuda_runtime.h>\n" +
            PRELUDE +
            "\n".join(kernels) + "\n"
            "static int failures = 0;\n"
            "static void run(void (*k)(int*), const char* name, int expected) {\n"
            "  int* out;\n  cudaMallocManaged(&out, sizeof(int));\n  *out = -12345;\n"
            "  k<<<1, 1>>>(out);\n  cudaDeviceSynchronize();\n"
            "  if (*out != expected) { printf(\"%s: %d, expected %d\\n\", name, *out, expected); ++failures; }\n"
            "  cudaFree(out);\n}\n"
            "int main() {\n" + "\n".join(calls) + "\n"
            f'  printf("%d of {len(calls)} kernel cells as expected\\n", {len(calls)} - failures);\n'
            "  return failures != 0;\n}\n")
    Path(path).write_text(text)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("cells", "kernels"):
        sys.exit(__doc__)
    if sys.argv[1] == "cells":
        write_cells(Path(sys.argv[2]))
    else:
        write_kernels(sys.argv[2])
