#include "dialect/dynamic_folds.h"

#include "dialect/dependent_packs.h"

#include <algorithm>

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

bool isOr(const RawToken& t) { return t.kind == tok::pipepipe || t.is("or"); }
bool isAnd(const RawToken& t) { return t.kind == tok::ampamp || t.is("and"); }

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

bool holdsDynamicPack(const std::vector<RawToken>& t, TokenSpan s) {
  for (size_t i = s.from; i < s.to; ++i)
    if (isSliceBracket(t, i) || isRangePack(t, i) || isIntPack(t, i)) return true;
  return false;
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

// The unmatched bracket before t[at], or npos.
size_t enclosingOpen(const std::vector<RawToken>& t, size_t from, size_t at) {
  int depth = 0;
  for (size_t k = at; k-- > from;) {
    if (closesBracket(t[k].kind)) ++depth;
    else if (opensBracket(t[k].kind) && depth-- == 0) return k;
  }
  return npos;
}

// Items of t[from, to) at depth 0, split at ','.
std::vector<TokenSpan> commaItems(const std::vector<RawToken>& t, size_t from, size_t to) {
  std::vector<TokenSpan> items;
  size_t start = from;
  int depth = 0;
  for (size_t k = from; k < to; ++k) {
    if (opensBracket(t[k].kind)) ++depth;
    else if (closesBracket(t[k].kind)) --depth;
    else if (depth == 0 && t[k].kind == tok::comma) {
      items.push_back({start, k});
      start = k + 1;
    }
  }
  items.push_back({start, to});
  return items;
}

} // namespace

std::variant<std::vector<Comprehension>, DialectError> findComprehensions(const std::vector<RawToken>& t, size_t from,
                                                                          size_t to) {
  std::vector<Comprehension> found;
  for (size_t open = from; open < to; ++open) {
    if (t[open].kind != tok::l_square) continue;
    // Where an expression starts: not a subscript's, an array declarator's or an attribute's '['.
    if (open > from) {
      const RawToken& b = t[open - 1];
      bool operand = (b.kind == tok::raw_identifier && !b.is("return")) || b.kind == tok::r_paren ||
                     b.kind == tok::r_square || b.kind == tok::greater || tok::isLiteral(b.kind);
      if (operand || b.kind == tok::l_square) continue;
    }
    size_t close = matchingClose(t, open);
    if (close == npos || close >= to) continue;
    // A lambda's introducer is followed by its parameters, template parameters or body.
    if (close + 1 < to && (t[close + 1].kind == tok::l_paren || t[close + 1].kind == tok::l_brace ||
                           t[close + 1].kind == tok::less || t[close + 1].is("mutable")))
      continue;
    Comprehension c{open, close, commaItems(t, open + 1, close)};
    bool dynamic = false;
    for (TokenSpan item : c.items) {
      bool expanded = item.to > item.from && t[item.to - 1].kind == tok::ellipsis;
      if (!expanded) continue;
      if (holdsDynamicPack(t, {item.from, item.to - 1})) dynamic = true;
    }
    if (!dynamic) continue;
    found.push_back(std::move(c));
    open = close;
  }
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
    if (enclosingOpen(t, from, start) != npos && t[enclosingOpen(t, from, start)].kind == tok::l_square)
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
    if (l.count < 0)
      return DialectError{packs.ranges[0].at, "'" + t[packs.ranges[0].at].text.str() + t[packs.ranges[0].at + 1].text.str() +
                                                  "' has no length of its own and nothing else in the expansion gives one"};
    lists.push_back(l);
  }
  return lists;
}

std::variant<bool, DialectError> ExpansionWriter::writeList(const ListExpansion& l) {
  auto found = findDynamicPacks(t_, l.from, l.ellipsis);
  if (auto* e = std::get_if<DialectError>(&found)) return *e;
  for (long long k = 0; k < l.count; ++k) {
    if (k) plan_.add(",", l.ellipsis);
    for (size_t i = l.from; i < l.ellipsis;) i = packs_.element(std::get<DynamicPacks>(found), 0, i, std::to_string(k));
  }
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeComprehension(const Comprehension& c, int id) {
  // Each item's packs, bound first; the element type is the first item's (at index 0).
  std::vector<DynamicPacks> itemPacks;
  plan_.add(capture_ + "() {", c.open);
  for (size_t k = 0; k < c.items.size(); ++k) {
    TokenSpan item = c.items[k];
    bool expanded = item.to > item.from && t_[item.to - 1].kind == tok::ellipsis;
    DynamicPacks packs;
    if (expanded) {
      auto found = findDynamicPacks(t_, item.from, item.to - 1, foldSpans(item.from, item.to - 1));
      if (auto* e = std::get_if<DialectError>(&found)) return *e;
      packs = std::get<DynamicPacks>(found);
      if (packs.empty())
        return DialectError{item.to - 1, "this item of the list has no dynamic pack to expand"};
      auto head = packs_.head(packs, id + (int)k, item.from);
      if (auto* e = std::get_if<DialectError>(&head)) return *e;
    }
    itemPacks.push_back(std::move(packs));
  }
  auto itemEnd = [&](size_t k) {
    TokenSpan item = c.items[k];
    return item.to > item.from && t_[item.to - 1].kind == tok::ellipsis ? item.to - 1 : item.to;
  };
  plan_.add("std::vector<__decay(decltype(", c.open);
  auto first = write(c.items[0].from, itemEnd(0), itemPacks[0].empty() ? nullptr : &itemPacks[0], id, "0");
  if (std::holds_alternative<DialectError>(first)) return first;
  plan_.add("))> __circle_list;", c.open);
  for (size_t k = 0; k < c.items.size(); ++k) {
    std::string index = "__circle_i" + std::to_string(id + (int)k);
    if (!itemPacks[k].empty())
      plan_.add("for (int " + index + " = 0; " + index + " < " + DynamicPackWriter::countName(id + (int)k) + "; ++" +
                    index + ")",
                c.items[k].from);
    plan_.add("__circle_list.push_back(", c.items[k].from);
    auto item = write(c.items[k].from, itemEnd(k), itemPacks[k].empty() ? nullptr : &itemPacks[k], id + (int)k, index);
    if (std::holds_alternative<DialectError>(item)) return item;
    plan_.add(");", itemEnd(k) - 1);
  }
  plan_.add("return __circle_list; }()", c.close);
  return true;
}

std::vector<TokenSpan> ExpansionWriter::foldSpans(size_t from, size_t to) const {
  std::vector<TokenSpan> spans;
  for (size_t open = from; open < to; ++open) {
    const Comprehension* comprehension = nullptr;
    for (const Comprehension& c : comprehensions_)
      if (c.open == open) comprehension = &c;
    if (comprehension && comprehension->close < to) {
      spans.push_back({open, comprehension->close + 1});
      open = comprehension->close;
      continue;
    }
    const ListExpansion* list = nullptr;
    for (const ListExpansion& l : lists_)
      if (l.from == open) list = &l;
    if (list && list->ellipsis < to) {
      spans.push_back({open, list->ellipsis + 1});
      open = list->ellipsis;
      continue;
    }
    bool fold = false;
    for (const DynamicFold& f : folds_) fold |= f.open == open;
    // A multi-conditional's group: its `int...` is its own index.
    bool multiConditional = false;
    if (t_[open].kind == tok::l_paren) {
      size_t close = matchingClose(t_, open);
      int depth = 0;
      for (size_t k = open + 1; close != npos && k < close && !multiConditional; ++k) {
        if (opensBracket(t_[k].kind)) ++depth;
        else if (closesBracket(t_[k].kind)) --depth;
        else multiConditional = depth == 0 && t_[k].kind == tok::ellipsis && t_[k + 1].kind == tok::question;
      }
    }
    if (!fold && !multiConditional) continue;
    size_t close = matchingClose(t_, open);
    if (close == npos || close >= to) continue;
    spans.push_back({open, close + 1});
    open = close;
  }
  return spans;
}

std::variant<bool, DialectError> ExpansionWriter::write(size_t from, size_t to, const DynamicPacks* packs, int id,
                                                        const std::string& index) {
  for (size_t i = from; i < to;) {
    const DynamicFold* fold = nullptr;
    for (const DynamicFold& f : folds_)
      if (f.open == i) fold = &f;
    for (size_t k = 0; k < comprehensions_.size(); ++k) {
      if (comprehensions_[k].open != i) continue;
      auto done = writeComprehension(comprehensions_[k], 1000 * (int)(k + 1));
      if (auto* e = std::get_if<DialectError>(&done)) {
        if (!error_) error_ = *e;
        return done;
      }
      i = comprehensions_[k].close + 1;
      break;
    }
    if (i >= to) break;
    const ListExpansion* list = nullptr;
    for (const ListExpansion& l : lists_)
      if (l.from == i) list = &l;
    if (list) {
      auto done = writeList(*list);
      if (auto* e = std::get_if<DialectError>(&done)) {
        if (!error_) error_ = *e;
        return done;
      }
      i = list->ellipsis + 1;
      continue;
    }
    std::variant<bool, DialectError> done = false;
    if (fold) done = writeFold(*fold);
    else if (t_[i].kind == tok::l_paren) done = writeEnumGroup(i);
    if (auto* e = std::get_if<DialectError>(&done)) {
      if (!error_) error_ = *e;
      return done;
    }
    if (std::get<bool>(done)) {
      i = matchingClose(t_, i) + 1;
    } else if (packs) {
      i = packs_.element(*packs, id, i, index);
    } else {
      plan_.keep(i++);
    }
  }
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeEnumGroup(size_t open) {
  if (!enums_) return false;
  size_t close = matchingClose(t_, open);
  if (close == npos) return false;
  bool multiConditional = false;
  for (size_t i = open; i < close && !multiConditional; ++i)
    multiConditional = t_[i].kind == tok::ellipsis && t_[i + 1].kind == tok::question;
  bool enumPack = false;
  for (size_t i = open; i < close; ++i) {
    if (isSliceBracket(t_, i) || isRangePack(t_, i) || (isIntPack(t_, i) && !multiConditional)) return false;
    enumPack |= enumPackRef(t_, i, *enums_).has_value();
  }
  if (!enumPack) return false;
  // A multi-conditional reads even a noted enum's packs through the registry, by index.
  static const EnumRegistry none;
  const EnumRegistry& byIndex = multiConditional ? none : *enums_;
  if (expandsOwnDependentPacks(t_, open, close, byIndex)) {
    if (auto e = planDependentGroup(t_, open, byIndex, blockScope_, plan_)) return *e;
    return true;
  }
  if (multiConditional) return false; // an inner group's
  RewritePlan group;
  auto done = planEnumPackExpansions(t_, open, close + 1, *enums_, group);
  if (std::holds_alternative<DialectError>(done) || !std::get<bool>(done)) return done;
  plan_.append(group);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeFold(const DynamicFold& f) {
  auto found = findDynamicPacks(t_, f.pattern.from, f.pattern.to, foldSpans(f.pattern.from, f.pattern.to));
  if (auto* e = std::get_if<DialectError>(&found)) return *e;
  const DynamicPacks& packs = std::get<DynamicPacks>(found);
  std::string n = std::to_string(f.id), index = "__circle_i" + n, elem = "__circle_elem" + n;
  plan_.keep(f.open);
  plan_.add(capture_ + "() -> decltype(auto) {", f.open);
  auto head = packs_.head(packs, f.id, f.open);
  if (auto* e = std::get_if<DialectError>(&head)) return *e;
  plan_.add("auto " + elem + " = [&](int " + index + ") -> decltype(auto) { return ", f.pattern.from);
  auto body = write(f.pattern.from, f.pattern.to, &packs, f.id, index);
  if (std::holds_alternative<DialectError>(body)) return body;
  plan_.add("; };", f.pattern.to - 1);
  // A function's result is copied: std::max(acc, element) may name a temporary element.
  plan_.add(std::string("auto __circle_step") + n + " = [&](auto&& __circle_acc, int " + index + ") -> " +
                (f.function ? "auto" : "decltype(auto)") + " { return ",
            f.op.from);
  if (f.function) {
    plan_.keep(f.op.from, f.op.to);
    plan_.add("(__circle_acc, " + elem + "(" + index + "))", f.op.from);
  } else {
    plan_.add("__circle_acc", f.op.from);
    plan_.keep(f.op.from);
    plan_.add(elem + "(" + index + ")", f.op.from);
  }
  plan_.add("; };", f.op.from);
  std::string count = DynamicPackWriter::countName(f.id);
  if (f.init.empty()) {
    plan_.add("return ::__circle_fold_unary(" + count + ", " + elem + ", __circle_step" + n + ", ", f.op.from);
    if (!f.empty.empty()) {
      auto fallback = write(f.empty.from, f.empty.to);
      if (std::holds_alternative<DialectError>(fallback)) return fallback;
    } else {
      plan_.add(!f.function && isAnd(t_[f.op.from])  ? "true"
                : !f.function && isOr(t_[f.op.from]) ? "false"
                                                     : "::__circle_value_init{}",
                f.op.from);
    }
  } else {
    plan_.add("return ::__circle_fold_into(" + count + ", ", f.init.from);
    auto init = write(f.init.from, f.init.to);
    if (std::holds_alternative<DialectError>(init)) return init;
    plan_.add(", __circle_step" + n, f.op.from);
  }
  plan_.add("); }()", f.close);
  plan_.keep(f.close);
  return true;
}

} // namespace circle
