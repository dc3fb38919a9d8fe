#include "dialect/dynamic_folds.h"

namespace circle {

namespace {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

// C++'s fold operators ([expr.prim.fold]).
bool isFoldOperator(const RawToken& t) {
  switch (t.kind) {
  case tok::plus: case tok::minus: case tok::star: case tok::slash: case tok::percent: case tok::caret:
  case tok::amp: case tok::pipe: case tok::equal: case tok::less: case tok::greater: case tok::lessless:
  case tok::greatergreater: case tok::plusequal: case tok::minusequal: case tok::starequal:
  case tok::slashequal: case tok::percentequal: case tok::caretequal: case tok::ampequal: case tok::pipeequal:
  case tok::lesslessequal: case tok::greatergreaterequal: case tok::equalequal: case tok::exclaimequal:
  case tok::lessequal: case tok::greaterequal: case tok::ampamp: case tok::pipepipe: case tok::comma:
  case tok::periodstar: case tok::arrowstar:
    return true;
  default:
    return t.is("and") || t.is("or") || t.is("bitand") || t.is("bitor") || t.is("xor");
  }
}


// A function's name from t[i]: [::] name (:: name)* [<...>]; its end, or npos.
size_t functionNameEnd(const std::vector<RawToken>& t, size_t i, size_t to) {
  if (i < to && t[i].kind == tok::coloncolon) ++i;
  while (true) {
    if (i >= to || t[i].kind != tok::raw_identifier || isFoldOperator(t[i])) return npos;
    ++i;
    if (i < to && t[i].kind == tok::less) { // template arguments
      int depth = 0;
      for (; i < to; ++i) {
        if (t[i].kind == tok::less || opensBracket(t[i].kind)) ++depth;
        else if ((t[i].kind == tok::greater || closesBracket(t[i].kind)) && --depth == 0) break;
      }
      if (i >= to) return npos;
      ++i;
    }
    if (i < to && t[i].kind == tok::coloncolon) {
      ++i;
      continue;
    }
    return i;
  }
}

// The first token of the function name that ends just before t[end] (its '...').
size_t functionNameStart(const std::vector<RawToken>& t, size_t from, size_t end) {
  size_t k = end;
  if (k <= from || t[k - 1].kind != tok::raw_identifier || isFoldOperator(t[k - 1])) return npos;
  --k;
  while (k >= from + 2 && t[k - 1].kind == tok::coloncolon && t[k - 2].kind == tok::raw_identifier) k -= 2;
  if (k > from && t[k - 1].kind == tok::coloncolon) --k;
  return k;
}

// The fold ellipsis at depth 1 of the group t[open, close], or npos: not `int...`,
// `sizeof...`, nor a multi-conditional's `...?`.
size_t foldEllipsis(const std::vector<RawToken>& t, size_t open, size_t close) {
  int depth = 0;
  for (size_t i = open + 1; i < close; ++i) {
    if (opensBracket(t[i].kind)) ++depth;
    else if (closesBracket(t[i].kind)) --depth;
    else if (depth == 0 && t[i].kind == tok::ellipsis) {
      if (i > open + 1 && (isIntPack(t, i - 1) || t[i - 1].is("sizeof"))) continue;
      if (i + 1 < close && t[i + 1].kind == tok::question) continue;
      return i;
    }
  }
  return npos;
}

// The ';' of (... op pack; empty) at depth 1, or close.
size_t emptySemi(const std::vector<RawToken>& t, size_t from, size_t close) {
  int depth = 0;
  for (size_t i = from; i < close; ++i) {
    if (opensBracket(t[i].kind)) ++depth;
    else if (closesBracket(t[i].kind)) --depth;
    else if (depth == 0 && t[i].kind == tok::semi) return i;
  }
  return close;
}

} // namespace

std::variant<std::vector<DynamicFold>, DialectError> findDynamicFolds(const std::vector<RawToken>& t, size_t from,
                                                                      size_t to) {
  std::vector<DynamicFold> folds;
  for (size_t open = from; open < to; ++open) {
    if (t[open].kind != tok::l_paren) continue;
    size_t close = matchingClose(t, open);
    if (close == npos || close >= to) continue;
    size_t e = foldEllipsis(t, open, close);
    if (e == npos) continue;
    DynamicFold f;
    f.open = open;
    f.close = close;
    if (e == open + 1) { // (... op pack), (... f pack)
      size_t p = e + 1;
      if (p < close && isFoldOperator(t[p])) {
        f.op = {p, p + 1};
      } else {
        size_t end = functionNameEnd(t, p, close);
        if (end == npos || end == close) continue;
        f.op = {p, end};
        f.function = true;
      }
      size_t semi = emptySemi(t, f.op.to, close);
      f.pattern = {f.op.to, semi};
      if (semi != close) f.empty = {semi + 1, close};
      if (!holdsDynamicPack(t, f.pattern)) continue;
      if (f.pattern.empty()) return DialectError{e, "the fold has no pack after its operator"};
    } else if (e + 1 < close && isFoldOperator(t[e - 1]) && t[e + 1].kind == t[e - 1].kind &&
               t[e + 1].text == t[e - 1].text) { // (init op ... op pack)
      f.init = {open + 1, e - 1};
      f.op = {e - 1, e};
      f.pattern = {e + 2, close};
      bool right = holdsDynamicPack(t, f.pattern), left = holdsDynamicPack(t, f.init);
      if (!right && left)
        return DialectError{e, "circle folds a dynamic pack from the left only, as Circle does: (init op ... op pack)"};
      if (!right) continue;
    } else if (e + 1 == close) { // (pack op ...), or f(pack...)
      if (!holdsDynamicPack(t, {open + 1, e})) continue;
      if (isFoldOperator(t[e - 1]))
        return DialectError{e, "circle folds a dynamic pack from the left only, as Circle does: (... op pack)"};
      continue; // an argument list's: findListExpansions
    } else { // (init f ... pack)
      size_t name = functionNameStart(t, open + 1, e);
      f.pattern = {e + 1, close};
      if (name == npos || name == open + 1 || !holdsDynamicPack(t, f.pattern)) continue;
      f.init = {open + 1, name};
      f.op = {name, e};
      f.function = true;
    }
    f.id = (int)folds.size() + 1;
    folds.push_back(f);
  }
  return folds;
}


} // namespace circle
