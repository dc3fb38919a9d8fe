#include "dialect/range_for.h"

namespace circle {

std::optional<size_t> rangeForColon(const std::vector<RawToken>& t, size_t open) {
  size_t colon = freeColon(t, open + 1, t.size());
  return colon == std::string::npos ? std::nullopt : std::optional<size_t>(colon);
}

bool planRangeInit(const std::vector<RawToken>& t, size_t from, size_t to, RewritePlan& plan) {
  // Braces (a braced list, a lambda) and co_await/co_yield (not allowed in decltype)
  // are never an integer's range-init: kept as written.
  bool keep = from == to;
  for (size_t i = from; i < to; ++i)
    keep |= t[i].kind == clang::tok::l_brace || t[i].is("co_await") || t[i].is("co_yield");
  if (keep) {
    plan.keep(from, to);
    return false;
  }
  plan.add("::__circle_range_init<decltype((", from);
  plan.keep(from, to);
  plan.add("))>::__get(", from);
  plan.keep(from, to);
  plan.add(")", to - 1);
  return true;
}

} // namespace circle
