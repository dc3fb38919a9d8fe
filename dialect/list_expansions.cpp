#include "dialect/list_expansions.h"

#include <algorithm>

namespace circle {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

namespace {

// An integer literal, maybe negated, as the whole of t[s.from, s.to).
std::optional<long long> literal(const std::vector<RawToken>& t, TokenSpan s) {
  bool negative = s.to - s.from == 2 && t[s.from].kind == tok::minus;
  if (s.to - s.from != 1 + negative || t[s.to - 1].kind != tok::numeric_constant) return std::nullopt;
  long long v;
  if (t[s.to - 1].text.rtrim("uUlL").getAsInteger(0, v)) return std::nullopt;
  return negative ? -v : v;
}

// A range's length from its literal bounds, as __circle_range_count counts it.
std::optional<long long> literalLength(const std::vector<RawToken>& t, const RangePack& r) {
  if (r.parts.size() == 1) return literal(t, r.parts[0]);
  std::optional<long long> b = r.parts[0].empty() ? 0 : literal(t, r.parts[0]);
  std::optional<long long> e = r.parts[1].empty() ? 0 : literal(t, r.parts[1]);
  std::optional<long long> s = r.parts.size() < 3 || r.parts[2].empty() ? 1 : literal(t, r.parts[2]);
  if (!b || !e || !s) return std::nullopt;
  long long n = *s > 0 ? (*e - *b + *s - 1) / *s : *s < 0 ? (*b - *e - *s - 1) / -*s : 0;
  return n < 0 ? 0 : n;
}

// A braced sequence's elements, `{ a, b }`; otherwise the span itself.
std::vector<TokenSpan> sequenceElements(const std::vector<RawToken>& t, TokenSpan s) {
  if (!s.empty() && t[s.from].kind == tok::l_brace && matchingClose(t, s.from) == s.to - 1)
    return commaItems(t, s.from + 1, s.to - 1);
  return {s};
}

// `=>`: '=' and '>' side by side.
bool isArrow(const std::vector<RawToken>& t, size_t k) {
  return t[k].kind == tok::equal && k + 1 < t.size() && t[k + 1].kind == tok::greater &&
         t[k + 1].offset == t[k].offset + 1;
}

// The first token of t[from, to) outside brackets that `is` accepts, or npos.
template <class Is> size_t firstOutsideBrackets(const std::vector<RawToken>& t, size_t from, size_t to, Is is) {
  int depth = 0;
  for (size_t k = from; k < to; ++k) {
    if (opensBracket(t[k].kind)) ++depth;
    else if (closesBracket(t[k].kind)) --depth;
    else if (depth == 0 && is(k)) return k;
  }
  return npos;
}

size_t arrowIn(const std::vector<RawToken>& t, size_t from, size_t to) {
  return firstOutsideBrackets(t, from, to, [&](size_t k) { return isArrow(t, k); });
}

// A for-expression item t[s.from, s.to), its '...' last.
std::variant<ForExpression, DialectError> forExpression(const std::vector<RawToken>& t, TokenSpan s) {
  const DialectError shape{s.from, "a for-expression is 'for [index,] name : range [if condition] => body ...'"};
  ForExpression f;
  size_t k = s.from + 1;
  if (k + 1 < s.to && t[k].kind == tok::raw_identifier && t[k + 1].kind == tok::comma) {
    f.index = k;
    k += 2;
  }
  if (k < s.to && (t[k].kind == tok::amp || t[k].kind == tok::ampamp)) ++k; // for &x : r (each is a reference)
  if (k + 1 >= s.to || t[k].kind != tok::raw_identifier || t[k + 1].kind != tok::colon) return shape;
  f.name = k;
  size_t arrow = arrowIn(t, k + 2, s.to);
  if (arrow == npos || t[s.to - 1].kind != tok::ellipsis || arrow + 2 >= s.to - 1) return shape;
  f.range = {k + 2, arrow};
  if (size_t filter = firstOutsideBrackets(t, k + 2, arrow, [&](size_t i) { return t[i].is("if"); }); filter != npos) {
    f.range.to = filter;
    f.condition = {filter + 1, arrow};
  }
  if (f.range.empty() || (f.range.to != arrow && f.condition.empty())) return shape;
  TokenSpan body{arrow + 2, s.to - 1};
  if (t[body.from].is("for")) { // for x : r => for y : x => y ... ...
    if (t[body.to - 1].kind != tok::ellipsis) return DialectError{body.from, shape.message};
    auto inner = forExpression(t, body);
    if (auto* e = std::get_if<DialectError>(&inner)) return *e;
    f.inner = std::make_shared<ForExpression>(std::get<ForExpression>(inner));
    return f;
  }
  f.elements = sequenceElements(t, body);
  for (TokenSpan e : f.elements) {
    if (e.empty()) return shape;
    bool expanded = e.to - e.from > 1 && t[e.to - 1].kind == tok::ellipsis;
    bool comprehension = t[e.from].kind == tok::l_square && matchingClose(t, e.from) == e.to - 1; // its packs are its own
    if (!expanded && !comprehension && holdsDynamicPack(t, e))
      return DialectError{e.from, "a dynamic pack in a for-expression's body gives several elements: expand it "
                                  "with '...', for x : v => x[:] ... ..."};
  }
  return f;
}

// The comprehension's items: a for-expression's header commas (`for i, c : s`) are its own.
std::vector<TokenSpan> comprehensionItems(const std::vector<RawToken>& t, size_t from, size_t to) {
  std::vector<TokenSpan> split = commaItems(t, from, to), items;
  for (size_t k = 0; k < split.size(); ++k) {
    TokenSpan item = split[k];
    if (!item.empty() && t[item.from].is("for"))
      while (arrowIn(t, item.from, item.to) == npos && k + 1 < split.size()) item.to = split[++k].to;
    items.push_back(item);
  }
  return items;
}

} // namespace

namespace {

// Does t[open] open a list where an expression starts: not a subscript's or an array
// declarator's '[' (after an operand), nor an attribute's inner one (`[[` where a
// statement or declaration starts)?
bool opensList(const std::vector<RawToken>& t, size_t from, size_t open) {
  if (t[open].kind != tok::l_square) return false;
  if (open == from) return true;
  if (endsOperand(t, open - 1)) return false;
  if (t[open - 1].kind != tok::l_square) return true;
  size_t outer = open - 1; // `[ [`: a list in a list where the outer '[' opens one
  return outer > from && !endsOperand(t, outer - 1) && t[outer - 1].kind != tok::semi &&
         t[outer - 1].kind != tok::l_brace && t[outer - 1].kind != tok::r_brace;
}

// The ']' of the list t[open] opens inside t[from, to), or npos: none there, or the
// brackets introduce a lambda (its parameters, template parameters or body follow).
size_t listClose(const std::vector<RawToken>& t, size_t from, size_t to, size_t open) {
  if (!opensList(t, from, open)) return npos;
  size_t close = matchingClose(t, open);
  if (close == npos || close >= to) return npos;
  if (close + 1 < to && (t[close + 1].kind == tok::l_paren || t[close + 1].kind == tok::l_brace ||
                         t[close + 1].kind == tok::less || t[close + 1].is("mutable")))
    return npos;
  return close;
}

} // namespace

std::variant<std::vector<Comprehension>, DialectError> findComprehensions(const std::vector<RawToken>& t, size_t from,
                                                                          size_t to) {
  std::vector<Comprehension> found;
  for (size_t open = from; open < to; ++open) {
    size_t close = listClose(t, from, to, open);
    if (close == npos) continue;
    Comprehension c{open, close, comprehensionItems(t, open + 1, close), {}, {}};
    bool dynamic = false;
    for (TokenSpan item : c.items) {
      bool expanded = item.to > item.from && t[item.to - 1].kind == tok::ellipsis;
      c.fors.emplace_back();
      c.sequences.emplace_back();
      if (!expanded && !item.empty() && t[item.from].is("for"))
        return DialectError{item.from, "a for-expression ends with '...': 'for name : range => body ...'"};
      if (!expanded) continue;
      if (t[item.from].is("for")) {
        auto f = forExpression(t, item);
        if (auto* e = std::get_if<DialectError>(&f)) return *e;
        c.fors.back() = std::get<ForExpression>(f);
        dynamic = true;
      } else if (holdsDynamicPack(t, {item.from, item.to - 1})) {
        dynamic = true;
        if (std::vector<TokenSpan> seq = sequenceElements(t, {item.from, item.to - 1}); seq.size() > 1 ||
            t[item.from].kind == tok::l_brace)
          c.sequences.back() = std::move(seq);
      }
    }
    // `| n` after it: n runs to the end of the operand (a ';', ',', '?', ':', '&&', '||',
    // an enclosing expansion's '...' or a bracket closing outside it).
    if (dynamic && close + 1 < to && t[close + 1].kind == tok::pipe) {
      size_t end = close + 2;
      for (int depth = 0; end < to; ++end) {
        tok::TokenKind k = t[end].kind;
        if (opensBracket(k)) ++depth;
        else if (closesBracket(k) && depth-- == 0) break;
        else if (depth == 0 && (k == tok::semi || k == tok::comma || k == tok::question || k == tok::colon ||
                                k == tok::ampamp || k == tok::pipepipe || k == tok::ellipsis))
          break;
      }
      if (end == close + 2) return DialectError{close + 1, "'[ ... ] |' is followed by the number of elements to keep"};
      c.limit = {close + 2, end};
    }
    // An item may be a comprehension of its own: the search goes on inside.
    if (dynamic) found.push_back(std::move(c));
  }
  // Plain lists inside comprehensions or around them, in order of their '['.
  size_t dynamicCount = found.size();
  for (size_t open = from; open < to && dynamicCount; ++open) {
    size_t close = listClose(t, from, to, open);
    if (close == npos) continue;
    bool related = false, known = false;
    for (size_t k = 0; k < dynamicCount; ++k) {
      known |= found[k].open == open;
      related |= (found[k].open < open && open < found[k].close) || (open < found[k].open && found[k].close < close);
    }
    if (known || !related) continue;
    Comprehension c{open, close, comprehensionItems(t, open + 1, close), {}, {}};
    c.fors.resize(c.items.size());
    c.sequences.resize(c.items.size());
    c.passive = true;
    found.push_back(std::move(c));
  }
  std::sort(found.begin(), found.end(), [](const Comprehension& a, const Comprehension& b) { return a.open < b.open; });
  return found;
}

std::variant<std::vector<ListExpansion>, DialectError> findListExpansions(const std::vector<RawToken>& t, size_t from,
                                                                          size_t to) {
  std::vector<ListExpansion> lists;
  for (size_t e = from + 1; e + 1 < to; ++e) {
    tok::TokenKind next = t[e + 1].kind;
    if (t[e].kind != tok::ellipsis || !(next == tok::comma || next == tok::r_brace || next == tok::r_paren)) continue;
    if (isIntPack(t, e - 1) || t[e - 1].is("sizeof")) continue;
    size_t start = e;
    for (int depth = 0; start > from; --start) {
      tok::TokenKind k = t[start - 1].kind;
      if (closesBracket(k)) ++depth;
      else if (opensBracket(k) && depth-- == 0) break;
      else if (depth == 0 && (k == tok::comma || k == tok::semi)) break;
    }
    if (start == from || !opensBracket(t[start - 1].kind) && t[start - 1].kind != tok::comma) continue;
    if (size_t list = enclosingOpen(t, from, start); list != npos && t[list].kind == tok::l_square)
      continue; // a list comprehension's item
    auto found = findDynamicPacks(t, start, e);
    if (auto* error = std::get_if<DialectError>(&found)) return *error;
    const DynamicPacks& packs = std::get<DynamicPacks>(found);
    if (packs.empty()) continue; // C++'s own pack
    if (!packs.slices.empty())
      return DialectError{packs.slices[0].bracket, "a slice's length is known only when the program runs: circle "
                                                   "expands it in a statement (f(x[:]) ...;) or a fold ((... + x[:])), "
                                                   "not in a braced list or an argument list"};
    ListExpansion l{start, e, -1};
    for (const RangePack& r : packs.ranges) {
      if (!r.sized()) continue;
      std::optional<long long> n = literalLength(t, r);
      if (!n)
        return DialectError{r.at, "in a braced list or an argument list circle expands '" + t[r.at].text.str() +
                                      t[r.at + 1].text.str() + "(...)' when its bounds are integer literals"};
      l.count = l.count < 0 ? *n : std::min(l.count, *n);
    }
    // Each element is written out: a count past what any list in C++ holds is a typo.
    constexpr long long kMaxElements = 1 << 16;
    if (l.count > kMaxElements)
      return DialectError{packs.ranges[0].at, "circle writes a list expansion's elements out, at most " +
                                                  std::to_string(kMaxElements) + ": this one has " +
                                                  std::to_string(l.count)};
    if (l.count < 0)
      return DialectError{packs.ranges[0].at, "'" + t[packs.ranges[0].at].text.str() + t[packs.ranges[0].at + 1].text.str() +
                                                  "' has no length of its own and nothing else in the expansion gives one"};
    lists.push_back(l);
  }
  return lists;
}


} // namespace circle
