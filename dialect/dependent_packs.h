// Circle's packs that only the compiler can count: a template's enum parameter
// (`tuning_t.enum_values` with tuning_t a template parameter), and the
// multi-conditionals `c ...? a : b` / `c ...?? a : b` over any pack.
//
// Enum packs of an enum circle did not note while lexing are read through the
// prelude's registry (enum_reflection.h) inside a generic lambda whose template
// parameters are the indices 0 ... n-1, so C++'s own `...` expands them:
//   constexpr bool v = (... || (T.enum_values == (T)x));
//     -> constexpr bool v = ::__circle_enum_apply<T>([]<int... __circle_i>() {
//          return (... || (::__circle_enum_value_at<T, __circle_i> == (T)x)); });
// The lambda takes the whole initializer (or returned, or stated expression); a
// statement expanded with `...;` runs once per enumerator:
//   static_assert(ok<T.enum_values>, T.enum_names + " is bad")...;
//     -> ::__circle_enum_for_each<T>([&]<int __circle_i>() { static_assert(...); });
// `T.enum_count` is ::__circle_enum_count<T>. `c ...? a : b` is a if c is true for
// the first element, else b, evaluated left to right as Circle does; `int...` in c
// and a is that element's index. `...??` is the same (a constant when its operands
// are). `sizeof...y` is `sizeof...(y)`. Needs C++20 (template lambdas).
#pragma once
#include "dialect/enum_reflection.h"
#include "dialect/rewrite_plan.h"

#include <optional>
#include <variant>

namespace circle {

// Does the statement hold any of these? Cheap.
bool holdsDependentPacks(const std::vector<RawToken>& statement, const EnumRegistry& enums);

// Does the statement hold a multi-conditional (`c ...? a : b`, `c ...?? a : b`)?
bool holdsMultiConditional(const std::vector<RawToken>& statement);

// `statement` ends with its ';'; `inBlock`: it is in a function's body (lambdas may
// capture). Nothing when it holds none of these.
std::optional<std::variant<RewritePlan, DialectError>> planDependentPacks(const std::vector<RawToken>& statement,
                                                                         const EnumRegistry& enums, bool inBlock);

// Does the group t[open, close] expand, with a '...' of its own depth (a fold's, a
// multi-conditional's), a template enum's packs or hold a multi-conditional?
bool expandsOwnDependentPacks(const std::vector<RawToken>& t, size_t open, size_t close, const EnumRegistry& enums);

// That group, opened at t[open], into `plan`: the packs read by index inside
// `::__circle_enum_apply<E>([&]<int... __circle_i>() { return (group); })`.
std::optional<DialectError> planDependentGroup(const std::vector<RawToken>& t, size_t open, const EnumRegistry& enums,
                                               bool inBlock, RewritePlan& plan);

// An expression t[from, to) with no pack of its own (a @meta for's count): its
// template enums' traits respelled into `plan`.
void planDependentExpression(const std::vector<RawToken>& t, size_t from, size_t to, const EnumRegistry& enums,
                             RewritePlan& plan);

} // namespace circle
