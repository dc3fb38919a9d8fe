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
#include "dialect/enum_reflection.h"

#include <optional>

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
// a std::vector (the user includes <vector>) of the first item's type, holding each item,
// a `pack-item ...` once per element of its dynamic packs:
//   std::vector v = [ @range(3:18:3)... ];   std::vector z = [ sq(x[:]) + 5 * y[:] ..., 0 ];
// Circle's for-expressions, filters and nested comprehensions are not taken.
struct Comprehension {
  size_t open = 0, close = 0; // its brackets
  std::vector<TokenSpan> items;
};
std::variant<std::vector<Comprehension>, DialectError> findComprehensions(const std::vector<RawToken>& t, size_t from,
                                                                          size_t to);

// The folds over dynamic packs in t[from, to), nested ones too, in order of their '('.
std::variant<std::vector<DynamicFold>, DialectError> findDynamicFolds(const std::vector<RawToken>& t, size_t from,
                                                                      size_t to);

// Writes tokens with the folds of `folds` respelled, and, in a statement's expansion,
// its packs' elements.
class ExpansionWriter {
public:
  // `blockScope`: in a function, where the folds' lambdas capture by reference; elsewhere
  // (a namespace-scope or member initializer) C++ lets a lambda capture nothing.
  // With `enums`, a parenthesised group that holds enum packs and no dynamic ones is
  // the enum expansion's (dialect/enum_reflection.h): a fold over an enum's values in a
  // condition, a case label, or inside a statement's dynamic expansion.
  ExpansionWriter(const std::vector<RawToken>& t, RewritePlan& plan, const std::vector<DynamicFold>& folds,
                  const std::vector<ListExpansion>& lists, const std::vector<Comprehension>& comprehensions,
                  bool blockScope, const EnumRegistry* enums = nullptr)
      : t_(t), plan_(plan), folds_(folds), lists_(lists), comprehensions_(comprehensions), packs_(t, plan), capture_(blockScope ? "[&]" : "[]"), blockScope_(blockScope),
        enums_(enums) {}
  // The spans of the outermost folds, list expansions and multi-conditionals in
  // t[from, to): their packs are theirs.
  std::vector<TokenSpan> foldSpans(size_t from, size_t to) const;
  std::variant<bool, DialectError> write(size_t from, size_t to, const DynamicPacks* packs = nullptr, int id = 0,
                                         const std::string& index = {});
  DynamicPackWriter& packs() { return packs_; }
  // The first error any write() met.
  const std::optional<DialectError>& error() const { return error_; }

private:
  std::optional<DialectError> error_;
  std::variant<bool, DialectError> writeFold(const DynamicFold& f);
  std::variant<bool, DialectError> writeList(const ListExpansion& l);
  std::variant<bool, DialectError> writeComprehension(const Comprehension& c, int id);
  // The enum packs' expansions in the group opened at t[open]; false when it has none.
  std::variant<bool, DialectError> writeEnumGroup(size_t open);
  const std::vector<RawToken>& t_;
  RewritePlan& plan_;
  const std::vector<DynamicFold>& folds_;
  const std::vector<ListExpansion>& lists_;
  const std::vector<Comprehension>& comprehensions_;
  DynamicPackWriter packs_;
  std::string capture_;
  bool blockScope_;
  const EnumRegistry* enums_;
};

} // namespace circle
