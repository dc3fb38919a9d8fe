#include "dialect/device_throw.h"

namespace circle {

namespace {
namespace tok = clang::tok;

// The end of the assignment-expression that starts at t[from]: the first ';', ',',
// closing bracket or conditional's ':' of its own depth.
size_t operandEnd(const std::vector<RawToken>& t, size_t from) {
  int depth = 0, questions = 0;
  for (size_t i = from; i < t.size(); ++i) {
    tok::TokenKind k = t[i].kind;
    if (opensBracket(k)) ++depth;
    else if (closesBracket(k)) {
      if (depth-- == 0) return i;
    } else if (depth == 0 && (k == tok::semi || k == tok::comma)) return i;
    else if (depth == 0 && k == tok::question) ++questions;
    else if (depth == 0 && k == tok::colon && questions-- == 0) return i;
  }
  return t.size();
}
} // namespace

bool holdsThrow(const std::vector<RawToken>& s) {
  for (const RawToken& t : s)
    if (t.is("throw")) return true;
  return false;
}

RewritePlan planDeviceThrows(const std::vector<RawToken>& t) {
  RewritePlan plan;
  for (size_t i = 0; i < t.size();) {
    if (!t[i].is("throw")) {
      plan.keep(i++);
      continue;
    }
    size_t end = operandEnd(t, i + 1);
    if (end == i + 1) {
      plan.add("(::__circle_rethrow(), ::__circle_thrown{})", i);
    } else {
      plan.add("(::__circle_throw(", i);
      // The operand may throw again (`throw f(throw_ok)` is rare, but nested throws
      // in a lambda are respelled too).
      RewritePlan inner = planDeviceThrows(std::vector<RawToken>(t.begin() + i + 1, t.begin() + end));
      for (const PlanPiece& p : inner.pieces())
        if (p.original >= 0) plan.keep(i + 1 + p.original);
        else plan.add(p.text, i + 1 + p.anchor);
      plan.add("), ::__circle_thrown{})", end - 1);
    }
    i = end;
  }
  return plan;
}

} // namespace circle
