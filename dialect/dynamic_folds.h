// Circle's folds over dynamic packs (dialect/dynamic_packs.h), wherever an expression
// may be: an initializer, a return, an argument, a condition, inside a statement's own
// expansion.
//   (... op pack)          (... op pack; empty)      (init op ... op pack)
//   (... f pack)           (init f ... pack)          f a function's (qualified) name
// They fold from the left, as Circle does (a right fold over a dynamic pack is an
// error that says so). `(... op pack)` accumulates in the pattern's type; an empty
// pack gives `empty`, or true for &&, false for ||, the value-initialized type for the
// rest. `(init op ... op pack)` accumulates into a copy of init, or into init itself
// when op hands it back (`std::cout << ... << v[:]`). && and || stop at the first
// element that decides them. A fold that is a call's only argument keeps the call's
// parentheses: `sqrt(... + sq(v[:]))`.
// Each fold becomes an immediately called lambda that binds the packs' objects once:
//   ([&]() -> decltype(auto) { auto&& __circle_slice1_0 = (v); int const __circle_count1 = ...;
//      auto __circle_elem1 = [&](int __circle_i1) -> decltype(auto) { return pattern; };
//      return ::__circle_fold_unary(__circle_count1, __circle_elem1, <step>, <empty>); }())
#pragma once
#include "dialect/dynamic_packs.h"

namespace circle {

struct DynamicFold {
  size_t open = 0, close = 0; // its parentheses
  TokenSpan init;             // empty for (... op pack)
  TokenSpan op;               // the operator, or the function's name
  bool function = false;
  TokenSpan pattern;
  TokenSpan empty; // after ';' in (... op pack; empty)
  int id = 0;      // numbers the fold's names
};

// The folds over dynamic packs in t[from, to), nested ones too, in order of their '('.
std::variant<std::vector<DynamicFold>, DialectError> findDynamicFolds(const std::vector<RawToken>& t, size_t from,
                                                                      size_t to);

} // namespace circle
