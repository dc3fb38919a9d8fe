#include "dialect/device_try.h"

namespace circle {

std::optional<RewritePlan> planDeviceTry(const std::vector<RawToken>& t) {
  if (t.size() < 4 || !t[0].is("try") || t[1].kind != clang::tok::l_brace) return std::nullopt;
  size_t handlers = 0;
  for (size_t close = matchingClose(t, 1); close != std::string::npos && close + 1 < t.size();) {
    size_t paren = close + 2;
    if (!t[close + 1].is("catch") || paren >= t.size() || t[paren].kind != clang::tok::l_paren) return std::nullopt;
    size_t parenClose = matchingClose(t, paren);
    if (parenClose == std::string::npos || parenClose + 1 >= t.size() || t[parenClose + 1].kind != clang::tok::l_brace)
      return std::nullopt;
    close = matchingClose(t, parenClose + 1);
    if (close == std::string::npos) return std::nullopt;
    ++handlers;
    if (close + 1 == t.size()) break;
  }
  if (handlers == 0) return std::nullopt;
  for (const RawToken& token : t)
    for (const char* leaves : {"return", "break", "continue", "goto", "co_return", "co_await", "co_yield"})
      if (token.is(leaves)) return std::nullopt;
  RewritePlan plan;
  plan.add("[&]() -> void {", 0);
  plan.keep(0, t.size());
  plan.add("}();", t.size() - 1);
  return plan;
}

} // namespace circle
