// The other consumers of dynamic packs (dialect/dynamic_packs.h) besides statements and
// folds: elements of a braced list or an argument list, and Circle's list comprehension.
#pragma once
#include "dialect/dynamic_packs.h"

#include <memory>
#include <optional>

namespace circle {

// `pattern ...` as an element of a braced list or an argument list, whose packs are
// ranges with integer-literal bounds (`{ int...(4) * 2 ... }`, `f(@range(1:4) ...)`): the
// pattern written `count` times, the packs' values constants. A slice, whose length only
// the running program knows, is an error there.
struct ListExpansion {
  size_t from = 0, ellipsis = 0; // the pattern is t[from, ellipsis)
  long long count = 0;
};
std::variant<std::vector<ListExpansion>, DialectError> findListExpansions(const std::vector<RawToken>& t, size_t from,
                                                                          size_t to);

// Circle's for-expression, an item of a list comprehension:
//   for [index,] name : range [if condition] => body ...
// the body (or each element of a braced sequence `{ a, b }`) once per element of the
// range that passes the condition; an integer range counts 0 ... n-1.
struct ForExpression {
  size_t index = 0, name = 0;      // tokens; index 0 when there is none (t[0] is never one)
  TokenSpan range, condition;      // condition empty when there is none
  std::vector<TokenSpan> elements; // the body, or each element of a braced sequence
  std::shared_ptr<ForExpression> inner; // a body that is a for-expression itself (then no elements)
};

// Circle's list comprehension `[ item, pack-item ..., {a, b} ..., for-expression ..., item ]` where an
// expression may be: a std::vector (the user includes <vector>) of the first item's type,
// which converts to any container made from an iterator range (std::string, std::set),
// holding each item, a `pack-item ...` once per element of its dynamic packs:
//   std::vector v = [ @range(3:18:3)... ];   std::vector z = [ sq(x[:]) + 5 * y[:] ..., 0 ];
//   std::string s2 = [ '*', for c : s if islower(c) => c ..., '*' ];
// A `{ a, b } ...` item is a sequence: a, then b, for each element of its packs. A
// comprehension's items may be comprehensions (a vector of vectors), a for-expression's
// body another for-expression. Dynamic packs in a for-expression's body are not taken
// (an error says so). Inside a comprehension (or around one) a bracketed list that
// expands nothing is a list too: C++ has no such expression there. `[ ... ] | n` keeps
// the first n elements: the loops stop there
// (a for-expression whose range has no end needs it).
struct Comprehension {
  size_t open = 0, close = 0; // its brackets
  std::vector<TokenSpan> items;
  std::vector<std::optional<ForExpression>> fors; // by item
  std::vector<std::vector<TokenSpan>> sequences;  // by item: a `{ a, b } ...` item's elements
  TokenSpan limit;                                // n of `| n`, if any
  // A list that expands nothing of its own: `[ i ]` in a for-expression's body, the
  // inner list of `[ [ @range(5) ]... ]`, the outer of `[ [ @range(5)... ] ]`. Its items
  // are written as the enclosing expansion writes its pattern (its packs are that one's).
  bool passive = false;
  size_t end() const { return limit.empty() ? close + 1 : limit.to; }
};
std::variant<std::vector<Comprehension>, DialectError> findComprehensions(const std::vector<RawToken>& t, size_t from,
                                                                          size_t to);

} // namespace circle
