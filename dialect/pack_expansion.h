// Circle's statement-level pack expansion: `expr ...;` runs the statement once per
// element of the packs in it.
//   printf("%d: %s\n", @range(), names[:].c_str()) ...;
// A dynamic slice `x[:]` is each element of x (anything with size() and operator[],
// or an array), `@range()` or `int...` the element's index (an int), `@range(n)` or
// `int...(n)` 0 ... n-1, `@range(a:b:c)` or `int...(a:b:c)` a, a+c, ... before b. The
// statement becomes a block: each slice's object is bound once, then a loop over the
// shortest of the packs' lengths:
//   { auto&& __circle_slice0 = (names);
//     int const __circle_count = ::__circle_pack_count(::__circle_slice_size(__circle_slice0));
//     for (int __circle_i = 0; __circle_i < __circle_count; ++__circle_i)
//       printf("%d: %s\n", __circle_i, __circle_slice0[__circle_i].c_str()); }
// Without slices or @range, the packs are C++'s own (a template's parameter pack), and
// the statement becomes the comma fold `((void)(expr), ...);`.
// A statement may begin with `if (...)`, `else`, `while (...)`, `for (...)`, `do` or a
// label: those stay in front of the block.
#pragma once
#include "dialect/enum_reflection.h"
#include "dialect/rewrite_plan.h"

#include <variant>

namespace circle {

// Does this statement use Circle's pack syntax at all? Cheap: most statements are
// handed on without a plan.
bool mayExpandPacks(const std::vector<RawToken>& statement, const EnumRegistry* enums = nullptr);

// `statement` ends with its ';'. Returns the plan, or what is wrong. With `enums`,
// packs of enum traits expand first (dialect/enum_reflection.h).
std::variant<RewritePlan, DialectError> planPackExpansion(const std::vector<RawToken>& statement,
                                                          const EnumRegistry* enums = nullptr);

// Keeps a statement's leading if/while/for/switch headers, else, do and labels in
// `plan`; returns the index of the first token after them (before `end`).
size_t planStatementPrefix(const std::vector<RawToken>& statement, size_t end, RewritePlan& plan);

// Circle's `int...` (the expansion's index) and `int...(n)`, `int...(begin:end:step)` at
// t[i]; not a declaration's `int... I` or an unnamed `int...` parameter before ')' or '>'.
bool isIntPack(const std::vector<RawToken>& t, size_t i);

} // namespace circle
