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
//
// Circle's range-for over a pack expansion, `for (int i : @range(1::2)...)`,
// `for (int x : items[:] + items[1:]...)`: the pattern's elements in order, computed as
// the loop reaches them, so a range with no end runs until the body breaks. Written
//   { <the packs' bindings and count>
//     for (int __circle_i = 0; __circle_i < __circle_count; ++__circle_i)
//       if (int i = <element __circle_i>; true) <the body as written> }
// The `if` scopes the declaration and is no loop: the body's break and continue
// keep their meaning, its statements are read as any others.
#pragma once
#include "dialect/rewrite_plan.h"

#include <functional>
#include <optional>
#include <variant>

namespace circle {

// The ':' of the range-for whose '(' is `open`, or nothing: a classic for (or a
// conditional's ':' in it) is not one.
std::optional<size_t> rangeForColon(const std::vector<RawToken>& t, size_t open);

// Appends the range-init t[from, to) to `plan`, respelled as above when it may be an
// integer. Returns false when it was kept as written.
// `write(from, to)` appends tokens as a statement's writer does (its folds respelled);
// plain keeps when absent.
bool planRangeInit(const std::vector<RawToken>& t, size_t from, size_t to, RewritePlan& plan,
                   const std::function<void(size_t, size_t)>& write = {});

struct PackRangeFor {
  size_t forAt, open, colon, close; // for ( decl : pattern ... )
  bool expanded = true;             // false: the pattern lacks its '...' (an error)
};
// The first range-for in t (outside brackets; an unbraced loop's body too) whose
// range-init holds dynamic packs.
std::optional<PackRangeFor> findPackRangeFor(const std::vector<RawToken>& t);

// Appends t[0, f.forAt) as written, then the loop above up to its body; the caller
// appends the body and the '}' that closes the block. `blockScope` as ExpansionWriter's.
std::variant<bool, DialectError> planPackRangeFor(const std::vector<RawToken>& t, const PackRangeFor& f, bool blockScope,
                                                  RewritePlan& plan);

} // namespace circle
