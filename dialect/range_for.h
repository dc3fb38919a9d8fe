// Circle's `for (int i : count)`: a range-for over an integer counts 0 ... count-1.
//
// The range-init `E` of every range-for in a user's file is respelled
//   ::__circle_range_init<decltype((E))>::__get(E)
// (dialect/dialect_prelude.cpp): an integer becomes a counting range; anything else
// is handed back with its value category, so `for (auto& x : v)` and
// `for (auto&& x : std::move(v))` bind what they bound before. A prvalue range is
// moved once into the loop's range variable (the standard binds it directly).
// Range-inits holding braces (a braced list, a lambda) or co_await are left as written:
// a lambda cannot sit in decltype before C++20, nor co_await ever; none is an integer.
#pragma once
#include "dialect/rewrite_plan.h"

#include <optional>

namespace circle {

// The ':' of the range-for whose '(' is `open`, or nothing: a classic for (or a
// conditional's ':' in it) is not one.
std::optional<size_t> rangeForColon(const std::vector<RawToken>& t, size_t open);

// Appends the range-init t[from, to) to `plan`, respelled as above when it may be an
// integer. Returns false when it was kept as written.
bool planRangeInit(const std::vector<RawToken>& t, size_t from, size_t to, RewritePlan& plan);

} // namespace circle
