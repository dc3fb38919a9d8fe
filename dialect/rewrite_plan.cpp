#include "dialect/rewrite_plan.h"

namespace circle {

size_t matchingClose(const std::vector<RawToken>& t, size_t open) {
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (opensBracket(t[i].kind)) ++depth;
    else if (closesBracket(t[i].kind) && --depth == 0) return i;
  }
  return std::string::npos;
}

size_t enclosingOpen(const std::vector<RawToken>& t, size_t from, size_t at) {
  int depth = 0;
  for (size_t k = at; k-- > from;) {
    if (closesBracket(t[k].kind)) ++depth;
    else if (opensBracket(t[k].kind) && depth-- == 0) return k;
  }
  return std::string::npos;
}

size_t freeColon(const std::vector<RawToken>& t, size_t from, size_t to) {
  int depth = 0, questions = 0;
  for (size_t i = from; i < to && i < t.size(); ++i) {
    clang::tok::TokenKind k = t[i].kind;
    if (opensBracket(k)) ++depth;
    else if (closesBracket(k) && --depth < 0) return std::string::npos;
    else if (depth != 0) continue;
    else if (k == clang::tok::question) ++questions;
    else if (k == clang::tok::colon && questions > 0) --questions;
    else if (k == clang::tok::colon) return i;
  }
  return std::string::npos;
}

} // namespace circle
