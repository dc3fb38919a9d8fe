#include "dialect/dynamic_packs.h"

#include "llvm/ADT/StringSwitch.h"

namespace circle {

namespace {

using clang::tok::TokenKind;
namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

bool isAt(const RawToken& t) { return t.kind == tok::unknown && t.text == "@"; }

// Words that end no operand: an expression before them ends there.
bool isOperatorWord(llvm::StringRef w) {
  return llvm::StringSwitch<bool>(w)
      .Cases({"return", "throw", "new", "delete", "sizeof", "alignof", "co_await", "co_yield", "co_return"}, true)
      .Cases({"case", "else", "do", "typename", "and", "or", "not", "xor", "bitand", "bitor", "compl"}, true)
      .Default(false);
}

// The opener of the group that t[close] closes, searching back to `lo`; npos if none.
// A '>' pairs with a '<' right after a name, or it is a comparison (npos).
size_t groupOpen(const std::vector<RawToken>& t, size_t lo, size_t close) {
  TokenKind c = t[close].kind;
  TokenKind o = c == tok::r_paren ? tok::l_paren : c == tok::r_square ? tok::l_square : tok::less;
  int depth = 0;
  for (size_t i = close + 1; i-- > lo;) {
    if (t[i].kind == tok::semi || t[i].kind == tok::l_brace || t[i].kind == tok::r_brace) return npos;
    if (c == tok::greater && (t[i].kind == tok::r_paren || t[i].kind == tok::r_square)) {
      size_t inner = groupOpen(t, lo, i);
      if (inner == npos) return npos;
      i = inner;
      continue;
    }
    if (t[i].kind == c) ++depth;
    else if (t[i].kind == o && --depth == 0)
      return c != tok::greater || (i > lo && t[i - 1].kind == tok::raw_identifier) ? i : npos;
  }
  return npos;
}

} // namespace

// The first token of the postfix expression that ends just before t[end]: a name,
// literal or parenthesised expression, then calls, subscripts, template arguments
// and member accesses. npos when none ends there.
size_t postfixStart(const std::vector<RawToken>& t, size_t lo, size_t end) {
  size_t k = end;
  while (true) {
    while (k > lo && (t[k - 1].kind == tok::r_paren || t[k - 1].kind == tok::r_square || t[k - 1].kind == tok::greater)) {
      size_t open = groupOpen(t, lo, k - 1);
      if (open == npos) return k == end ? npos : k;
      k = open;
      if (t[k].kind == tok::l_paren && (k == lo || !isOperandEnd(t[k - 1]))) return k; // (expr)
    }
    if (k == lo) return k == end ? npos : k;
    const RawToken& last = t[k - 1];
    if ((last.kind == tok::raw_identifier && !isOperatorWord(last.text)) || tok::isLiteral(last.kind)) --k;
    else if (t[k].kind != tok::l_paren && t[k].kind != tok::l_square && k != end) return k;
    else return k == end ? npos : k;
    if (k > lo && (t[k - 1].kind == tok::period || t[k - 1].kind == tok::arrow || t[k - 1].kind == tok::coloncolon)) {
      --k;
      if (t[k].kind == tok::coloncolon && (k == lo || !isOperandEnd(t[k - 1]))) return k; // ::name
      continue;
    }
    return k;
  }
}

namespace {

// Is the '::' at t[i] two of a slice's or range's colons (`x[::-1]`, `@range(1::2)`)
// rather than a scope? A scope has a name after it and no literal or ')' before it.
bool isDoubleColon(const std::vector<RawToken>& t, size_t from, size_t i) {
  bool nameAfter = i + 1 < t.size() && (t[i + 1].kind == tok::raw_identifier || t[i + 1].kind == tok::tilde);
  if (!nameAfter) return true;
  return i > from && (tok::isLiteral(t[i - 1].kind) || t[i - 1].kind == tok::r_paren || t[i - 1].kind == tok::r_square);
}

// t[from, to) split at its free ':'s (dialect/rewrite_plan.h's freeColon), a '::' being
// two of them where it is no scope. One part when there is no ':'.
std::vector<TokenSpan> colonParts(const std::vector<RawToken>& t, size_t from, size_t to) {
  std::vector<TokenSpan> parts;
  size_t start = from;
  int depth = 0, questions = 0;
  for (size_t i = from; i < to; ++i) {
    TokenKind k = t[i].kind;
    if (opensBracket(k)) ++depth;
    else if (closesBracket(k)) --depth;
    else if (depth != 0) continue;
    else if (k == tok::question) ++questions;
    else if (k == tok::colon && questions > 0) --questions;
    else if (k == tok::colon) {
      parts.push_back({start, i});
      start = i + 1;
    } else if (k == tok::coloncolon && isDoubleColon(t, from, i)) {
      parts.push_back({start, i});
      parts.push_back({i, i});
      start = i + 1;
    }
  }
  parts.push_back({start, to});
  return parts;
}

bool startsNegative(const std::vector<RawToken>& t, TokenSpan s) {
  return !s.empty() && t[s.from].kind == tok::minus;
}

} // namespace

bool isOperandEnd(const RawToken& t) {
  if (t.kind == tok::raw_identifier) return !isOperatorWord(t.text);
  return t.kind == tok::r_paren || t.kind == tok::r_square || t.kind == tok::greater || tok::isLiteral(t.kind);
}

bool endsOperand(const std::vector<RawToken>& t, size_t i) {
  bool arrow = i > 0 && t[i].kind == tok::greater && t[i - 1].kind == tok::equal && t[i - 1].offset + 1 == t[i].offset;
  return !arrow && isOperandEnd(t[i]);
}

bool RangePack::sized() const { return parts.size() == 1 || (parts.size() > 1 && (!parts[1].empty() || downToZero)); }

bool isIntPack(const std::vector<RawToken>& t, size_t i) {
  if (i + 1 >= t.size() || !t[i].is("int") || t[i + 1].kind != tok::ellipsis) return false;
  if (i + 2 >= t.size()) return true;
  tok::TokenKind next = t[i + 2].kind;
  return next != tok::raw_identifier && next != tok::greater && next != tok::r_paren;
}

bool isRangePack(const std::vector<RawToken>& t, size_t i) {
  return i + 2 < t.size() && isAt(t[i]) && t[i + 1].is("range") && t[i + 2].kind == tok::l_paren;
}

namespace {

// Do the brackets opened at t[open] hold a slice's begin:end:step (a ':' of their own)?
bool holdsSliceParts(const std::vector<RawToken>& t, size_t open) {
  size_t close = matchingClose(t, open);
  if (close == npos || open + 1 >= close) return false;
  return t[open + 1].kind == tok::colon || t[open + 1].kind == tok::coloncolon ||
         colonParts(t, open + 1, close).size() > 1;
}

} // namespace

bool isStaticSlice(const std::vector<RawToken>& t, size_t i) {
  return i + 3 < t.size() && t[i].kind == tok::raw_identifier && t[i + 1].kind == tok::ellipsis &&
         t[i + 2].kind == tok::l_square && holdsSliceParts(t, i + 2);
}

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

bool isMemberSlice(const std::vector<RawToken>& t, size_t i) {
  return i + 2 < t.size() && t[i].kind == tok::period && t[i + 1].kind == tok::l_square && holdsSliceParts(t, i + 1);
}

bool isFromEndSubscript(const std::vector<RawToken>& t, size_t i) {
  return i + 5 < t.size() && t[i].kind == tok::raw_identifier && t[i + 1].kind == tok::ellipsis &&
         t[i + 2].kind == tok::l_square && t[i + 3].kind == tok::minus && t[i + 4].kind == tok::numeric_constant &&
         t[i + 5].kind == tok::r_square;
}

std::vector<StaticSlice> findStaticSlices(const std::vector<RawToken>& t, size_t from, size_t to) {
  std::vector<StaticSlice> found;
  for (size_t i = from; i < to; ++i) {
    if (isMemberSlice(t, i)) {
      size_t object = postfixStart(t, from, i), close = matchingClose(t, i + 1);
      if (object == npos || close >= to) continue; // Clang's error stands
      // The object's own tokens were passed over as the pattern's; they are the slice's.
      while (!found.empty() && found.back().close >= object) found.pop_back();
      found.push_back({object, close, colonParts(t, i + 2, close), i});
      i = close;
      continue;
    }
    if (!isStaticSlice(t, i)) continue;
    size_t close = matchingClose(t, i + 2);
    if (close >= to) break;
    found.push_back({i, close, colonParts(t, i + 3, close)});
    i = close;
  }
  return found;
}

bool isSliceBracket(const std::vector<RawToken>& t, size_t open) {
  if (open + 1 >= t.size() || t[open].kind != tok::l_square) return false;
  // A static slice, args...[:-2] or obj.[:]
  if (open > 0 && (t[open - 1].kind == tok::ellipsis || t[open - 1].kind == tok::period)) return false;
  if (t[open + 1].kind == tok::colon || t[open + 1].kind == tok::coloncolon) return true;
  if (open == 0 || !endsOperand(t, open - 1)) return false; // a lambda's or attribute's '['
  size_t close = matchingClose(t, open);
  return close != npos && colonParts(t, open + 1, close).size() > 1;
}

bool holdsDynamicPack(const std::vector<RawToken>& t, TokenSpan s) {
  for (size_t i = s.from; i < s.to; ++i)
    if (isSliceBracket(t, i) || isRangePack(t, i) || isIntPack(t, i)) return true;
  return false;
}

std::variant<DynamicPacks, DialectError> findDynamicPacks(const std::vector<RawToken>& t, size_t from, size_t to,
                                                          const std::vector<TokenSpan>& skip) {
  DynamicPacks packs;
  for (size_t i = from; i < to; ++i) {
    bool skipped = false;
    for (TokenSpan s : skip)
      if (i == s.from) {
        i = s.to - 1;
        skipped = true;
      }
    if (skipped) continue;
    bool range = isRangePack(t, i), intPack = !range && isIntPack(t, i);
    if (range || intPack) {
      size_t open = i + 2;
      if (intPack && (open >= to || t[open].kind != tok::l_paren)) { // int... alone: the index
        packs.ranges.push_back({i, i + 1, {}});
        ++i;
        continue;
      }
      size_t close = matchingClose(t, open);
      if (close == npos || close >= to) return DialectError{i, "'" + t[i].text.str() + t[i + 1].text.str() + "(' is not closed"};
      RangePack r{i, close, {}};
      if (close > open + 1) r.parts = colonParts(t, open + 1, close);
      if (r.parts.size() > 3) return DialectError{r.parts[3].from - 1, "a range is begin:end:step, with two ':' at most"};
      if (r.parts.size() >= 2 && r.parts[1].empty() && r.parts.size() == 3 && startsNegative(t, r.parts[2]))
        r.downToZero = true;
      packs.ranges.push_back(std::move(r));
      i = close;
      continue;
    }
    if (!isSliceBracket(t, i)) continue;
    size_t operand = postfixStart(t, from, i);
    if (operand == npos) return DialectError{i, "a slice '[:]' needs an object before it"};
    size_t close = matchingClose(t, i);
    if (close == npos || close >= to) return DialectError{i, "the slice's '[' is not closed"};
    for (const SlicePack& s : packs.slices)
      if (s.bracket >= operand) return DialectError{i, "circle does not slice a slice ('[:]' twice in one operand)"};
    for (const RangePack& r : packs.ranges)
      if (r.at >= operand) return DialectError{i, "circle does not slice an object chosen by a range pack"};
    SlicePack s{operand, i, close, colonParts(t, i + 1, close)};
    if (s.parts.size() > 3) return DialectError{s.parts[3].from - 1, "a slice is [begin:end:step], with two ':' at most"};
    packs.slices.push_back(std::move(s));
    i = close;
  }
  return packs;
}

std::string DynamicPackWriter::sliceName(int id, size_t k) const {
  return "__circle_slice" + (id ? std::to_string(id) + "_" : std::string()) + std::to_string(k);
}

void DynamicPackWriter::part(const std::vector<TokenSpan>& parts, size_t k, const char* omitted, size_t anchor) {
  if (k >= parts.size() || parts[k].empty()) {
    plan_.add(omitted, anchor);
    return;
  }
  plan_.add("(", parts[k].from);
  plan_.keep(parts[k].from, parts[k].to);
  plan_.add(")", parts[k].to - 1);
}

void DynamicPackWriter::sliceOf(const std::string& length, const std::vector<TokenSpan>& parts, size_t anchor,
                                size_t close) {
  plan_.add("::__circle_slice_of((long long)" + length + ", " + (parts[0].empty() ? "false" : "true") + ", ", anchor);
  part(parts, 0, "0", anchor);
  plan_.add(std::string(", ") + (parts.size() > 1 && !parts[1].empty() ? "true" : "false") + ", ", anchor);
  part(parts, 1, "0", anchor);
  plan_.add(", ", anchor);
  part(parts, 2, "1", anchor);
  plan_.add(")", close);
}

std::variant<bool, DialectError> DynamicPackWriter::head(const DynamicPacks& packs, int id, size_t anchor,
                                                         bool unbounded) {
  bool sized = !packs.slices.empty();
  for (const RangePack& r : packs.ranges) sized |= r.sized();
  if (!sized && unbounded) {
    plan_.add("int const " + countName(id) + " = 2147483647;", anchor);
    return true;
  }
  if (!sized) {
    const RangePack& r = packs.ranges[0];
    return DialectError{r.at, "'" + t_[r.at].text.str() + t_[r.at + 1].text.str() +
                                  "' has no length of its own and nothing else in the expansion gives one: give it a "
                                  "count or an end, @range(n), int...(a:b)"};
  }
  for (size_t k = 0; k < packs.slices.size(); ++k) {
    const SlicePack& s = packs.slices[k];
    plan_.add("auto&& " + sliceName(id, k) + " = (", s.operand);
    plan_.keep(s.operand, s.bracket);
    plan_.add("); auto " + sliceName(id, k) + "_walk = ::__circle_walker(" + sliceName(id, k) + ");", s.bracket);
    if (s.whole()) continue;
    plan_.add("::__circle_slice_bounds const " + sliceName(id, k) + "_at = ", s.bracket);
    sliceOf("::__circle_slice_size(" + sliceName(id, k) + ")", s.parts, s.bracket, s.close);
    plan_.add(";", s.close);
  }
  plan_.add("int const " + countName(id) + " = ::__circle_pack_count(", anchor);
  const char* comma = "";
  for (size_t k = 0; k < packs.slices.size(); ++k, comma = ", ") {
    if (packs.slices[k].whole())
      plan_.add(comma + std::string("::__circle_slice_size(") + sliceName(id, k) + ")", packs.slices[k].bracket);
    else
      plan_.add(comma + sliceName(id, k) + "_at.__count", packs.slices[k].bracket);
  }
  for (const RangePack& r : packs.ranges) {
    if (!r.sized()) continue;
    if (*comma) plan_.add(comma, r.at);
    comma = ", ";
    if (r.parts.size() == 1) {
      part(r.parts, 0, "0", r.at);
      continue;
    }
    plan_.add("::__circle_range_count(", r.at);
    part(r.parts, 0, "0", r.at);
    plan_.add(",", r.at);
    part(r.parts, 1, "0", r.at);
    plan_.add(",", r.at);
    part(r.parts, 2, "1", r.at);
    plan_.add(")", r.close);
  }
  plan_.add(");", anchor);
  return true;
}

size_t DynamicPackWriter::element(const DynamicPacks& packs, int id, size_t i, const std::string& index) {
  for (size_t k = 0; k < packs.slices.size(); ++k) {
    const SlicePack& s = packs.slices[k];
    if (i != s.operand) continue;
    if (s.whole()) plan_.add(sliceName(id, k) + "_walk[" + index + "]", s.bracket);
    else plan_.add(sliceName(id, k) + "_walk[" + sliceName(id, k) + "_at.__at(" + index + ")]", s.bracket);
    return s.close + 1;
  }
  for (const RangePack& r : packs.ranges) {
    if (i != r.at) continue;
    if (r.parts.size() <= 1) {
      plan_.add(index, i);
    } else {
      plan_.add("::__circle_range_value(", i);
      part(r.parts, 0, "0", i);
      plan_.add(", " + index + ",", i);
      part(r.parts, 2, "1", i);
      plan_.add(")", r.close);
    }
    return r.close + 1;
  }
  plan_.keep(i);
  return i + 1;
}

} // namespace circle
