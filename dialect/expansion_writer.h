// Writes a statement's tokens with its dynamic packs' consumers respelled
// (dialect/dynamic_folds.h, dialect/list_expansions.h) and, in a statement's own
// expansion, its packs' elements (dialect/dynamic_packs.h).
#pragma once
#include "dialect/dynamic_folds.h"
#include "dialect/enum_reflection.h"
#include "dialect/list_expansions.h"

#include <optional>

namespace circle {

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
  // The consumer whose first token is t[i], if any.
  const Comprehension* comprehensionAt(size_t i) const;
  const ListExpansion* listAt(size_t i) const;
  const DynamicFold* foldAt(size_t i) const;
  std::variant<bool, DialectError> writeFold(const DynamicFold& f);
  std::variant<bool, DialectError> writeList(const ListExpansion& l);
  // Where a consumer is written: the pattern's packs, their names' number and the
  // element's index (none outside an expansion).
  struct Enclosing {
    const DynamicPacks* packs = nullptr;
    int id = 0;
    std::string index;
  };
  std::variant<bool, DialectError> writeComprehension(const Comprehension& c, int id, const Enclosing& enclosing);
  std::variant<bool, DialectError> writePassiveList(const Comprehension& c, const Enclosing& enclosing);
  // `__circle_list<std::vector<first item's type>> __circle_list;`
  std::variant<bool, DialectError> writeElementType(const Comprehension& c, const DynamicPacks& firstPacks, int id);
  // A for-expression's loop, pushing each element into `body`; over `range` (a name the
  // range is bound to) or its own range.
  std::variant<bool, DialectError> writeForLoop(const ForExpression& f, const std::string& body,
                                                const std::string& range = {});
  // `::__circle_range_init<decltype((range))>::__get(range)`: a count as 0 ... n-1 (a
  // `pack ...` range is writePackRange's, the outermost for-expression's only).
  std::variant<bool, DialectError> writeRangeInit(const ForExpression& f, int id);
  static std::string rangeName(int id) { return "__circle_range" + std::to_string(id); }
  // A for-expression whose range is `pack ...`: `name` is bound to a lazy range of its
  // elements (dialect_prelude's __circle_lazy_range) after the pack's bindings, numbered
  // `id`; `unbounded` (the comprehension keeps `| n` elements): no pack need have a length.
  bool isPackRange(const ForExpression& f) const;
  // A for-expression's body element `pattern ...` over packs of its own: its packs, and the
  // number and index its expansion's names take (nothing for a plain element).
  std::variant<std::monostate, DynamicPacks, DialectError> bodyPacks(TokenSpan e, int& id, std::string& index);
  std::variant<bool, DialectError> writePackRange(const ForExpression& f, const std::string& name, int id,
                                                  bool unbounded);
  // A generic lambda whose result has the type of the for-expression's first element
  // (called with the range's first element, in decltype only).
  std::variant<bool, DialectError> writeTypeLambda(const ForExpression& f);
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
  // What follows each push of the comprehension being written: its `| n` check.
  std::string limitCheck_;
};

} // namespace circle
