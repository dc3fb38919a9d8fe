// Circle's statement-level pack expansion: `expr ...;` runs the statement once per
// element of the packs in it.
//   printf("%d: %s\n", @range(), names[:].c_str()) ...;
// The packs are dialect/dynamic_packs.h's (slices, @range, int...); folds over them
// inside the statement are dialect/dynamic_folds.h's. The statement becomes a block:
// each slice's object is bound once, then a loop over the shortest of the packs' lengths:
//   { auto&& __circle_slice0 = (names);
//     int const __circle_count = ::__circle_pack_count(::__circle_slice_size(__circle_slice0));
//     for (int __circle_i = 0; __circle_i < __circle_count; ++__circle_i)
//       printf("%d: %s\n", __circle_i, __circle_slice0[__circle_i].c_str()); }
// Without slices or @range, the packs are C++'s own (a template's parameter pack), and
// the statement becomes the comma fold `((void)(expr), ...);`.
// A statement may begin with `if (...)`, `else`, `while (...)`, `for (...)`, `do` or a
// label: those stay in front of the block.
#pragma once
#include "dialect/dynamic_packs.h"
#include "dialect/enum_reflection.h"
#include "dialect/rewrite_plan.h"

#include <optional>
#include <variant>

namespace circle {

// Does this statement use Circle's pack syntax at all? Cheap: most statements are
// handed on without a plan.
bool mayExpandPacks(const std::vector<RawToken>& statement, const EnumRegistry* enums = nullptr);

// `statement` ends with its ';'. Returns the plan, or what is wrong. With `enums`,
// packs of enum traits expand first (dialect/enum_reflection.h).
std::variant<RewritePlan, DialectError> planPackExpansion(const std::vector<RawToken>& statement,
                                                          const EnumRegistry* enums = nullptr, bool blockScope = true);

// `T name = ...;` from t[from] (no reference, no deduced type, no expression before
// it): name's index, else nothing.
std::optional<size_t> declaredVariableName(const std::vector<RawToken>& statement, size_t from = 0);

// Keeps a statement's leading if/while/for/switch headers, else, do and labels in
// `plan`; returns the index of the first token after them (before `end`).
size_t planStatementPrefix(const std::vector<RawToken>& statement, size_t end, RewritePlan& plan);

} // namespace circle
