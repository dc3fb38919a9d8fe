#include "dialect/range_for.h"

namespace circle {

size_t matchingClose(const std::vector<RawToken>& t, size_t open) {
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (opensBracket(t[i].kind)) ++depth;
    else if (closesBracket(t[i].kind) && --depth == 0) return i;
  }
  return std::string::npos;
}

std::optional<size_t> rangeForColon(const std::vector<RawToken>& t, size_t open) {
  int depth = 0, questions = 0;
  for (size_t i = open; i < t.size(); ++i) {
    clang::tok::TokenKind k = t[i].kind;
    if (opensBracket(k)) ++depth;
    else if (closesBracket(k) && --depth == 0) return std::nullopt;
    else if (depth != 1) continue;
    else if (k == clang::tok::question) ++questions;
    else if (k == clang::tok::colon && questions > 0) --questions;
    else if (k == clang::tok::colon) return i;
  }
  return std::nullopt;
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
