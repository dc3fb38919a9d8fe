#include "dialect/pack_expansion.h"

#include "dialect/range_for.h"

#include "llvm/ADT/StringSwitch.h"

namespace circle {

namespace {

using clang::tok::TokenKind;
namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

bool isAt(const RawToken& t) { return t.kind == tok::unknown && t.text == "@"; }

bool isSlice(const std::vector<RawToken>& t, size_t i) {
  return i + 2 < t.size() && t[i].kind == tok::l_square && t[i + 1].kind == tok::colon && t[i + 2].kind == tok::r_square;
}

bool isRange(const std::vector<RawToken>& t, size_t i) {
  return i + 2 < t.size() && isAt(t[i]) && t[i + 1].is("range") && t[i + 2].kind == tok::l_paren;
}

// Words that end no operand: an expression before them ends there.
bool isOperatorWord(llvm::StringRef w) {
  return llvm::StringSwitch<bool>(w)
      .Cases({"return", "throw", "new", "delete", "sizeof", "alignof", "co_await", "co_yield", "co_return"}, true)
      .Cases({"case", "else", "do", "typename", "and", "or", "not", "xor", "bitand", "bitor", "compl"}, true)
      .Default(false);
}

bool isOperandEnd(const RawToken& t) {
  if (t.kind == tok::raw_identifier) return !isOperatorWord(t.text);
  return t.kind == tok::r_paren || t.kind == tok::r_square || t.kind == tok::greater || tok::isLiteral(t.kind);
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

struct Slice {
  size_t operand, bracket; // operand [ : ]
};
struct Range {
  size_t at, close;                // @ range ( ... ) or int ... ( ... ), or int ... alone
  size_t argsFrom = 0, argsTo = 0; // inside the parentheses, empty for none
  std::vector<size_t> colons;      // begin:end:step
};

// The ':' of a range's begin:end:step.
std::vector<size_t> rangeColons(const std::vector<RawToken>& t, size_t from, size_t to) {
  std::vector<size_t> colons;
  for (size_t c = freeColon(t, from, to); c != npos; c = freeColon(t, c + 1, to)) colons.push_back(c);
  return colons;
}

// A '[' whose brackets hold a ':' of their own: Circle's [begin:end:step] slices.
bool isBoundedSlice(const std::vector<RawToken>& t, size_t open, size_t close) {
  return freeColon(t, open + 1, close) != npos;
}

// Part k of a begin:end:step range, parenthesised; an omitted begin is 0, step 1.
void planRangePart(const std::vector<RawToken>& t, const Range& r, size_t k, RewritePlan& plan) {
  if (k > r.colons.size()) { // no step: 1
    plan.add("1", r.at);
    return;
  }
  size_t from = k == 0 ? r.argsFrom : r.colons[k - 1] + 1;
  size_t to = k < r.colons.size() ? r.colons[k] : r.argsTo;
  if (from == to) {
    plan.add(k == 0 ? "0" : "1", r.at);
    return;
  }
  plan.add("(", from);
  plan.keep(from, to);
  plan.add(")", to - 1);
}

// Keeps the statement's leading if/while/for/switch headers, else, do and labels;
// returns the index of the first token after them.
size_t planPrefix(const std::vector<RawToken>& t, size_t end, RewritePlan& plan) {
  size_t i = 0;
  while (i < end) {
    if (t[i].is("if") || t[i].is("while") || t[i].is("for") || t[i].is("switch")) {
      size_t p = i + 1;
      while (p < end && t[i].is("if") && (t[p].is("constexpr") || t[p].kind == tok::exclaim)) ++p;
      size_t close = p < end && t[p].kind == tok::l_paren ? matchingClose(t, p) : npos;
      if (close == npos || close >= end) return i;
      std::optional<size_t> colon = t[i].is("for") ? rangeForColon(t, p) : std::nullopt;
      if (colon) {
        plan.keep(i, *colon + 1);
        planRangeInit(t, *colon + 1, close, plan);
        plan.keep(close);
      } else {
        plan.keep(i, close + 1);
      }
      i = close + 1;
    } else if (t[i].is("else") || t[i].is("do")) {
      plan.keep(i++);
    } else if (t[i].is("case")) {
      size_t colon = freeColon(t, i + 1, end);
      if (colon == npos) return i;
      plan.keep(i, colon + 1);
      i = colon + 1;
    } else if (i + 1 < end && t[i].kind == tok::raw_identifier && t[i + 1].kind == tok::colon) {
      plan.keep(i, i + 2); // a label, or `default:`
      i += 2;
    } else {
      return i;
    }
  }
  return i;
}

} // namespace

bool isIntPack(const std::vector<RawToken>& t, size_t i) {
  if (i + 1 >= t.size() || !t[i].is("int") || t[i + 1].kind != tok::ellipsis) return false;
  if (i + 2 >= t.size()) return true;
  tok::TokenKind next = t[i + 2].kind;
  return next != tok::raw_identifier && next != tok::greater && next != tok::r_paren;
}

size_t planStatementPrefix(const std::vector<RawToken>& t, size_t end, RewritePlan& plan) {
  return planPrefix(t, end, plan);
}

bool mayExpandPacks(const std::vector<RawToken>& s, const EnumRegistry* enums) {
  if (s.size() >= 2 && s[s.size() - 2].kind == tok::ellipsis) return true;
  for (size_t i = 0; i < s.size(); ++i)
    if (isSlice(s, i) || isRange(s, i) || isIntPack(s, i) || (enums && enumPackRef(s, i, *enums)))
      return true;
  return false;
}

std::variant<RewritePlan, DialectError> planPackExpansion(const std::vector<RawToken>& t, const EnumRegistry* enums) {
  size_t semi = t.size() - 1;
  RewritePlan plan;
  size_t begin = planPrefix(t, semi, plan);
  if (enums) {
    RewritePlan withEnums = plan;
    std::variant<bool, DialectError> done = planEnumPackExpansions(t, begin, t.size(), *enums, withEnums);
    if (auto* e = std::get_if<DialectError>(&done)) return *e;
    if (std::get<bool>(done)) return withEnums;
  }
  bool expanded = semi > begin && t[semi - 1].kind == tok::ellipsis;
  size_t end = expanded ? semi - 1 : semi; // the expression is t[begin, end)

  std::vector<Slice> slices;
  std::vector<Range> ranges;
  for (size_t i = begin; i < end; ++i) {
    bool range = isRange(t, i), intPack = !range && isIntPack(t, i);
    if (range || intPack) {
      size_t open = i + 2;
      if (intPack && (open >= end || t[open].kind != tok::l_paren)) { // int... alone: the index
        ranges.push_back({i, i + 1});
        ++i;
        continue;
      }
      size_t close = matchingClose(t, open);
      if (close == npos || close >= end) return DialectError{i, "'" + t[i].text.str() + t[i + 1].text.str() + "(' is not closed"};
      Range r{i, close, open + 1, close, rangeColons(t, open + 1, close)};
      if (r.colons.size() > 2) return DialectError{r.colons[2], "a range is begin:end:step, with two ':' at most"};
      if (!r.colons.empty() && r.colons.back() + 1 == close && r.colons.size() == 1)
        return DialectError{r.colons[0], "a range needs its end: begin:end"};
      ranges.push_back(std::move(r));
      i = close;
      continue;
    }
    if (t[i].kind != tok::l_square) continue;
    if (isSlice(t, i)) {
      size_t operand = postfixStart(t, begin, i);
      if (operand == npos) return DialectError{i, "a dynamic slice '[:]' needs an object before it"};
      for (const Slice& s : slices)
        if (s.bracket >= operand) return DialectError{i, "circle does not slice a slice ('[:]' twice in one operand)"};
      for (const Range& r : ranges)
        if (r.at >= operand) return DialectError{i, "circle does not slice an object chosen by a range pack"};
      slices.push_back({operand, i});
      i += 2;
      continue;
    }
    size_t close = matchingClose(t, i);
    if (close != npos && close < end && isBoundedSlice(t, i, close))
      return DialectError{i, "circle supports the whole-object slice '[:]'; '[begin:end:step]' slices are not "
                             "supported yet"};
  }

  if (!expanded) {
    if (!slices.empty())
      return DialectError{slices[0].bracket, "a dynamic slice is a pack: expand the statement with '...' before its ';'"};
    if (!ranges.empty())
      return DialectError{ranges[0].at, "'" + t[ranges[0].at].text.str() + t[ranges[0].at + 1].text.str() +
                                            "' is a pack: expand the statement with '...' before its ';'"};
    plan.keep(begin, t.size());
    return plan;
  }
  if (slices.empty() && ranges.empty()) {
    // C++'s own packs: a comma fold, which Clang checks for an unexpanded pack.
    plan.add("((void)(", begin);
    plan.keep(begin, end);
    plan.add("),", end);
    plan.keep(end); // the '...'
    plan.add(")", end);
    plan.keep(semi);
    return plan;
  }
  bool counted = !slices.empty();
  for (const Range& r : ranges) counted |= r.argsTo > r.argsFrom;
  if (!counted)
    return DialectError{ranges[0].at, "'" + t[ranges[0].at].text.str() + t[ranges[0].at + 1].text.str() +
                                          "()' takes its length from a slice in the same expansion; with none, give it "
                                          "a count: @range(n), int...(n)"};

  plan.add("{", begin);
  for (size_t k = 0; k < slices.size(); ++k) {
    plan.add("auto&& __circle_slice" + std::to_string(k) + " = (", slices[k].operand);
    plan.keep(slices[k].operand, slices[k].bracket);
    plan.add(");", slices[k].bracket);
  }
  plan.add("int const __circle_count = ::__circle_pack_count(", begin);
  const char* comma = "";
  for (size_t k = 0; k < slices.size(); ++k, comma = ", ")
    plan.add(comma + std::string("::__circle_slice_size(__circle_slice") + std::to_string(k) + ")", slices[k].bracket);
  for (const Range& r : ranges) {
    if (r.argsTo == r.argsFrom) continue;
    if (*comma) plan.add(comma, r.at);
    comma = ", ";
    if (r.colons.empty()) {
      plan.add("(", r.at);
      plan.keep(r.argsFrom, r.argsTo);
      plan.add(")", r.close);
      continue;
    }
    plan.add("::__circle_range_count(", r.at);
    planRangePart(t, r, 0, plan);
    plan.add(",", r.at);
    planRangePart(t, r, 1, plan);
    plan.add(",", r.at);
    planRangePart(t, r, 2, plan);
    plan.add(")", r.close);
  }
  plan.add(");", begin);
  plan.add("for (int __circle_i = 0; __circle_i < __circle_count; ++__circle_i)", begin);
  size_t nextSlice = 0, nextRange = 0;
  for (size_t i = begin; i < end;) {
    if (nextSlice < slices.size() && i == slices[nextSlice].operand) {
      plan.add("__circle_slice" + std::to_string(nextSlice) + "[__circle_i]", slices[nextSlice].bracket);
      i = slices[nextSlice++].bracket + 3;
    } else if (nextRange < ranges.size() && i == ranges[nextRange].at) {
      const Range& r = ranges[nextRange++];
      if (r.colons.empty()) {
        plan.add("__circle_i", i);
      } else {
        plan.add("::__circle_range_value(", i);
        planRangePart(t, r, 0, plan);
        plan.add(", __circle_i,", i);
        planRangePart(t, r, 2, plan);
        plan.add(")", r.close);
      }
      i = r.close + 1;
    } else {
      plan.keep(i++);
    }
  }
  plan.keep(semi);
  plan.add("}", semi);
  return plan;
}

} // namespace circle
