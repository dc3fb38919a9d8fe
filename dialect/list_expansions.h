// The other consumers of dynamic packs (dialect/dynamic_packs.h) besides statements and
// folds: elements of a braced list or an argument list, and Circle's list comprehension.
#pragma once
#include "dialect/dynamic_packs.h"

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

// Circle's list comprehension `[ item, pack-item ..., item ]` where an expression may be:
// a std::vector (the user includes <vector>) of the first item's type, which converts to
// any container made from an iterator range (std::string, std::set), holding each item,
// a `pack-item ...` once per element of its dynamic packs:
//   std::vector v = [ @range(3:18:3)... ];   std::vector z = [ sq(x[:]) + 5 * y[:] ..., 0 ];
// Circle's for-expressions, filters and nested comprehensions are not taken.
struct Comprehension {
  size_t open = 0, close = 0; // its brackets
  std::vector<TokenSpan> items;
};
std::variant<std::vector<Comprehension>, DialectError> findComprehensions(const std::vector<RawToken>& t, size_t from,
                                                                          size_t to);

} // namespace circle
