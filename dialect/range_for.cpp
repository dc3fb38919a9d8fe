#include "dialect/range_for.h"

#include "dialect/expansion_writer.h"

namespace circle {

std::optional<size_t> rangeForColon(const std::vector<RawToken>& t, size_t open) {
  size_t colon = freeColon(t, open + 1, t.size());
  return colon == std::string::npos ? std::nullopt : std::optional<size_t>(colon);
}

bool planRangeInit(const std::vector<RawToken>& t, size_t from, size_t to, RewritePlan& plan,
                   const std::function<void(size_t, size_t)>& write) {
  auto copy = [&] { write ? write(from, to) : plan.keep(from, to); };
  // Braces (a braced list, a lambda) and co_await/co_yield (not allowed in decltype)
  // are never an integer's range-init: kept as written.
  bool keep = from == to;
  for (size_t i = from; i < to; ++i)
    keep |= t[i].kind == clang::tok::l_brace || t[i].is("co_await") || t[i].is("co_yield");
  if (keep) {
    copy();
    return false;
  }
  if (auto folds = findDynamicFolds(t, from, to); write && std::holds_alternative<std::vector<DynamicFold>>(folds) &&
                                                  !std::get<std::vector<DynamicFold>>(folds).empty()) {
    plan.add("::__circle_range_of(", from);
    copy();
    plan.add(")", to - 1);
    return true;
  }
  plan.add("::__circle_range_init<decltype((", from);
  copy();
  plan.add("))>::__get(", from);
  copy();
  plan.add(")", to - 1);
  return true;
}

namespace {

// Does t[from, to) hold a dynamic pack outside the folds there?
bool holdsOwnPack(const std::vector<RawToken>& t, size_t from, size_t to) {
  auto folds = findDynamicFolds(t, from, to);
  std::vector<TokenSpan> skip;
  if (auto* found = std::get_if<std::vector<DynamicFold>>(&folds))
    for (const DynamicFold& f : *found) skip.push_back({f.open, f.close + 1});
  auto packs = findDynamicPacks(t, from, to, skip);
  auto* p = std::get_if<DynamicPacks>(&packs);
  return !p || !p->empty(); // an error: the pack range-for's planner says it
}

} // namespace

std::optional<PackRangeFor> findPackRangeFor(const std::vector<RawToken>& t) {
  int depth = 0;
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    if (opensBracket(t[i].kind)) ++depth;
    else if (closesBracket(t[i].kind)) --depth;
    if (depth != 0 || !t[i].is("for") || t[i + 1].kind != clang::tok::l_paren) continue;
    size_t close = matchingClose(t, i + 1);
    std::optional<size_t> colon = rangeForColon(t, i + 1);
    if (close == std::string::npos || !colon || *colon > close || !holdsOwnPack(t, *colon + 1, close))
      continue; // a classic for, or a range-for over no pack (a fold's are its own): one in its body may be
    bool expanded = close >= *colon + 3 && t[close - 1].kind == clang::tok::ellipsis;
    return PackRangeFor{i, i + 1, *colon, close, expanded};
  }
  return std::nullopt;
}

std::variant<bool, DialectError> planPackRangeFor(const std::vector<RawToken>& t, const PackRangeFor& f, bool blockScope,
                                                  RewritePlan& plan) {
  size_t from = f.colon + 1, to = f.close - 1; // the pattern
  auto folds = findDynamicFolds(t, from, to);
  if (auto* e = std::get_if<DialectError>(&folds)) return *e;
  auto lists = findListExpansions(t, from, to);
  if (auto* e = std::get_if<DialectError>(&lists)) return *e;
  auto comprehensions = findComprehensions(t, from, to);
  if (auto* e = std::get_if<DialectError>(&comprehensions)) return *e;
  ExpansionWriter writer(t, plan, std::get<std::vector<DynamicFold>>(folds), std::get<std::vector<ListExpansion>>(lists),
                         std::get<std::vector<Comprehension>>(comprehensions), blockScope);
  auto found = findDynamicPacks(t, from, to, writer.foldSpans(from, to));
  if (auto* e = std::get_if<DialectError>(&found)) return *e;
  const DynamicPacks& packs = std::get<DynamicPacks>(found);
  if (packs.empty()) return DialectError{to, "this '...' expands no pack of the range-for's own"};
  plan.keep(0, f.forAt);
  plan.add("{", f.forAt);
  if (auto done = writer.packs().head(packs, 0, f.forAt, /*unbounded=*/true); std::holds_alternative<DialectError>(done))
    return std::get<DialectError>(done);
  plan.add(DynamicPackWriter::loop(0, "__circle_i") + " if (", f.forAt);
  plan.keep(f.open + 1, f.colon);
  plan.add("=", f.colon);
  if (auto done = writer.write(from, to, &packs, 0, "__circle_i"); std::holds_alternative<DialectError>(done))
    return std::get<DialectError>(done);
  if (writer.error()) return *writer.error();
  plan.add("; true)", f.close);
  return true;
}

} // namespace circle
