#include "dialect/pack_expansion.h"

#include "dialect/expansion_writer.h"
#include "dialect/range_for.h"

namespace circle {

namespace {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

// Keeps the statement's leading if/while/for/switch headers, else, do and labels;
// returns the index of the first token after them.
size_t planPrefix(const std::vector<RawToken>& t, size_t end, RewritePlan& plan, ExpansionWriter* writer) {
  auto keep = [&](size_t from, size_t to) {
    if (writer) writer->write(from, to); // a fold in a condition
    else plan.keep(from, to);
  };
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
        planRangeInit(t, *colon + 1, close, plan, [&](size_t from, size_t to) { keep(from, to); });
        plan.keep(close);
      } else {
        keep(i, close + 1);
      }
      i = close + 1;
    } else if (t[i].is("else") || t[i].is("do")) {
      plan.keep(i++);
    } else if (t[i].is("case")) {
      size_t colon = freeColon(t, i + 1, end);
      if (colon == npos) return i;
      keep(i, colon + 1);
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

std::optional<size_t> declaredVariableName(const std::vector<RawToken>& t, size_t from) {
  size_t q = from;
  while (q < t.size() && t[q].kind != tok::equal) {
    if (opensBracket(t[q].kind) || t[q].kind == tok::amp || t[q].kind == tok::ampamp || t[q].kind == tok::period ||
        t[q].kind == tok::arrow || t[q].is("auto") || t[q].is("return") || t[q].is("decltype") || t[q].is("operator"))
      return std::nullopt; // an expression, a reference, a deduced type: not declared this way
    ++q;
  }
  for (const char* word : {"else", "do", "case", "default", "goto", "throw", "co_return", "co_yield", "co_await"})
    if (from < t.size() && t[from].is(word)) return std::nullopt;
  if (q < from + 2 || q == t.size() || t[from].kind != tok::raw_identifier || t[q - 1].kind != tok::raw_identifier) return std::nullopt;
  tok::TokenKind before = t[q - 2].kind;
  if (before != tok::raw_identifier && before != tok::greater && before != tok::star) return std::nullopt;
  return q - 1;
}

size_t planStatementPrefix(const std::vector<RawToken>& t, size_t end, RewritePlan& plan) {
  return planPrefix(t, end, plan, nullptr);
}

bool mayExpandPacks(const std::vector<RawToken>& s, const EnumRegistry* enums) {
  if (s.size() >= 2 && s[s.size() - 2].kind == tok::ellipsis) return true;
  for (size_t i = 0; i < s.size(); ++i) {
    if (isSliceBracket(s, i) || isRangePack(s, i) || isIntPack(s, i) || isStaticSlice(s, i) || isMemberSlice(s, i) ||
        isFromEndSubscript(s, i) ||
        (enums && enumPackRef(s, i, *enums)))
      return true;
    if (s[i].kind == tok::l_square && i + 1 < s.size() && s[i + 1].is("for")) return true; // [for x : r => ...]
    if (s[i].kind == tok::comma && i + 1 < s.size() && s[i + 1].is("for")) return true;    // [a, for x : r => ...]
  }
  return false;
}

namespace {

// A member slice's object, spelled again where its count and each element are taken (it
// names an object: a name, a member, a subscript).
std::string sliceObject(const std::vector<RawToken>& t, const StaticSlice& s) {
  std::string text;
  for (size_t i = s.name; i < s.dot; ++i) text += t[i].text.str() + " ";
  return text;
}

// The object is spelled again for each element: one whose spelling calls or changes
// something would run that again each time, so circle asks for a variable.
std::optional<DialectError> objectWithoutEffects(const std::vector<RawToken>& t, const StaticSlice& s) {
  for (size_t i = s.name; i < s.dot; ++i) {
    tok::TokenKind k = t[i].kind;
    bool call = k == tok::l_paren && i > s.name && endsOperand(t, i - 1);
    bool changes = false;
    for (tok::TokenKind effect : {tok::plusplus, tok::minusminus, tok::comma, tok::equal, tok::plusequal,
                                  tok::minusequal, tok::starequal, tok::slashequal, tok::percentequal, tok::ampequal,
                                  tok::pipeequal, tok::caretequal, tok::lesslessequal, tok::greatergreaterequal})
      changes |= k == effect;
    if (call || changes)
      return DialectError{i, "circle spells a sliced object once for each element: bind this expression to a "
                             "variable and slice that"};
  }
  return std::nullopt;
}

std::string sliceLength(const std::vector<RawToken>& t, const StaticSlice& s) {
  return s.members() ? "::__circle_member_count<decltype((" + sliceObject(t, s) + "))>()"
                     : "sizeof...(" + t[s.name].text.str() + ")";
}

// `::__circle_pack_count(<each slice's count>)`: the shortest slice's count.
void addSliceCount(const std::vector<RawToken>& t, const std::vector<StaticSlice>& statics, ExpansionWriter& writer,
                   RewritePlan& plan, size_t anchor) {
  plan.add("::__circle_pack_count(", anchor);
  for (size_t k = 0; k < statics.size(); ++k) {
    if (k) plan.add(", ", anchor);
    writer.packs().sliceOf(sliceLength(t, statics[k]), statics[k].parts, statics[k].name, statics[k].close);
    plan.add(".__count", anchor);
  }
  plan.add(")", anchor);
}

// The tokens from `at` through the last slice, each slice written as its element at
// `decltype(index)::value`; returns the token after the last slice.
std::variant<size_t, DialectError> writeSliceElements(const std::vector<RawToken>& t, size_t at,
                                                      const std::vector<StaticSlice>& statics, const std::string& index,
                                                      ExpansionWriter& writer, RewritePlan& plan) {
  for (const StaticSlice& s : statics) {
    if (auto done = writer.write(at, s.name); std::holds_alternative<DialectError>(done))
      return std::get<DialectError>(done);
    plan.add(s.members() ? "::__circle_member_at<" : "::__circle_pack_at<", s.name);
    writer.packs().sliceOf(sliceLength(t, s), s.parts, s.name, s.close);
    plan.add(".__at(decltype(" + index + ")::value)>(" +
                 (s.members() ? sliceObject(t, s) : t[s.name].text.str() + "...") + ")",
             s.close);
    at = s.close + 1;
  }
  return at;
}

std::variant<RewritePlan, DialectError> planStaticExpansion(const std::vector<RawToken>& t, size_t begin, size_t end,
                                                            const std::vector<StaticSlice>& statics,
                                                            ExpansionWriter& writer, RewritePlan& plan) {
  // Once per position of the shortest slice, in order; each slice's argument at a
  // constant index: ::__circle_for_indices<n>([&](auto __circle_k) { pattern; });
  plan.add("::__circle_for_indices<", begin);
  addSliceCount(t, statics, writer, plan, begin);
  plan.add(">([&](auto __circle_k) {", begin);
  auto at = writeSliceElements(t, begin, statics, "__circle_k", writer, plan);
  if (auto* e = std::get_if<DialectError>(&at)) return *e;
  if (auto done = writer.write(std::get<size_t>(at), end); std::holds_alternative<DialectError>(done))
    return std::get<DialectError>(done);
  plan.add("; });", end);
  if (writer.error()) return *writer.error();
  return plan;
}

// Static slices expanded in a call's arguments, f(tuple.[:] ..., args...[1:] ...): each
// such argument's elements are indexed by a pack of constants of its own,
// ::__circle_with_indices<n>([&](auto... __circle_k0) -> decltype(auto) { return f(...); }),
// one level per argument. nullopt: not that shape.
std::optional<std::variant<RewritePlan, DialectError>> planStaticArguments(const std::vector<RawToken>& t, size_t begin,
                                                                         size_t end,
                                                                         const std::vector<StaticSlice>& statics,
                                                                         ExpansionWriter& writer, RewritePlan& plan) {
  size_t open = enclosingOpen(t, begin, statics[0].name);
  if (open == npos || t[open].kind != tok::l_paren || open == begin || !endsOperand(t, open - 1)) return std::nullopt;
  size_t close = matchingClose(t, open), callee = postfixStart(t, begin, open);
  if (close == npos || close > end || callee == npos) return std::nullopt;
  // The arguments, each with its slices; every slice must be in one whose last token is
  // '...'.
  std::vector<std::vector<StaticSlice>> byArgument;
  size_t next = 0;
  for (TokenSpan argument : commaItems(t, open + 1, close)) {
    std::vector<StaticSlice> here;
    for (; next < statics.size() && statics[next].name < argument.to; ++next) {
      if (statics[next].name < argument.from) return std::nullopt; // outside this call
      here.push_back(statics[next]);
    }
    if (here.empty()) continue;
    if (t[argument.to - 1].kind != tok::ellipsis)
      return DialectError{here[0].close, "a static slice is a pack: expand this argument with '...'"};
    byArgument.push_back(std::move(here));
  }
  if (next != statics.size()) return std::nullopt;
  if (auto done = writer.write(begin, callee); std::holds_alternative<DialectError>(done))
    return std::get<DialectError>(done);
  for (size_t level = 0; level < byArgument.size(); ++level) {
    plan.add("::__circle_with_indices<", callee);
    addSliceCount(t, byArgument[level], writer, plan, callee);
    plan.add(">([&](auto... __circle_k" + std::to_string(level) + ") -> decltype(auto) { return ", callee);
  }
  size_t at = callee;
  for (size_t level = 0; level < byArgument.size(); ++level) {
    auto written = writeSliceElements(t, at, byArgument[level], "__circle_k" + std::to_string(level), writer, plan);
    if (auto* e = std::get_if<DialectError>(&written)) return *e;
    at = std::get<size_t>(written);
  }
  if (auto done = writer.write(at, close + 1); std::holds_alternative<DialectError>(done))
    return std::get<DialectError>(done);
  for (size_t level = 0; level < byArgument.size(); ++level) plan.add("; })", close);
  if (auto done = writer.write(close + 1, t.size()); std::holds_alternative<DialectError>(done))
    return std::get<DialectError>(done);
  if (writer.error()) return *writer.error();
  return plan;
}

} // namespace

std::variant<RewritePlan, DialectError> planPackExpansion(const std::vector<RawToken>& t, const EnumRegistry* enums,
                                                          bool blockScope) {
  size_t semi = t.size() - 1;
  auto foundFolds = findDynamicFolds(t, 0, semi);
  if (auto* e = std::get_if<DialectError>(&foundFolds)) return *e;
  const std::vector<DynamicFold>& folds = std::get<std::vector<DynamicFold>>(foundFolds);
  auto foundLists = findListExpansions(t, 0, semi);
  if (auto* e = std::get_if<DialectError>(&foundLists)) return *e;
  const std::vector<ListExpansion>& lists = std::get<std::vector<ListExpansion>>(foundLists);
  auto foundComprehensions = findComprehensions(t, 0, semi);
  if (auto* e = std::get_if<DialectError>(&foundComprehensions)) return *e;
  const std::vector<Comprehension>& comprehensions = std::get<std::vector<Comprehension>>(foundComprehensions);
  RewritePlan plan;
  ExpansionWriter writer(t, plan, folds, lists, comprehensions, blockScope, enums);
  size_t begin = planPrefix(t, semi, plan, &writer);
  bool expanded = semi > begin && t[semi - 1].kind == tok::ellipsis;
  size_t end = expanded ? semi - 1 : semi; // the expression is t[begin, end)
  auto found = findDynamicPacks(t, begin, end, writer.foldSpans(begin, end));
  if (auto* e = std::get_if<DialectError>(&found)) return *e;
  const DynamicPacks& packs = std::get<DynamicPacks>(found);
  // Enum packs expand first, unless the statement expands dynamic ones: then an enum
  // fold inside is a group the writer gives to the enum expansion.
  if (enums && folds.empty() && lists.empty() && comprehensions.empty() && packs.empty()) {
    RewritePlan withEnums = plan;
    std::variant<bool, DialectError> done = planEnumPackExpansions(t, begin, t.size(), *enums, withEnums);
    if (auto* e = std::get_if<DialectError>(&done)) return *e;
    if (std::get<bool>(done)) return withEnums;
  }
  auto written = [&](std::variant<bool, DialectError> done) -> std::optional<DialectError> {
    if (auto* e = std::get_if<DialectError>(&done)) return *e;
    return std::nullopt;
  };

  std::vector<StaticSlice> statics = findStaticSlices(t, begin, end);
  for (const StaticSlice& s : statics)
    if (s.members())
      if (std::optional<DialectError> e = objectWithoutEffects(t, s)) return *e;
  if (!statics.empty()) {
    if (!expanded && packs.empty())
      if (auto call = planStaticArguments(t, begin, end, statics, writer, plan)) return *call;
    if (!expanded)
      return DialectError{statics[0].name + 1, "a static slice is a pack: expand the statement with '...' before its "
                                               "';', or a call's argument with '...'"};
    if (!packs.empty())
      return DialectError{statics[0].name + 1, "circle expands a static slice and a dynamic pack in separate statements"};
    if (std::optional<size_t> name = declaredVariableName(t, begin))
      return DialectError{*name, "an expanded statement runs once per element: a variable it declared would not "
                                 "outlive it; declare it before the statement"};
    return planStaticExpansion(t, begin, end, statics, writer, plan);
  }
  if (!expanded) {
    if (!packs.slices.empty())
      return DialectError{packs.slices[0].bracket, "a slice is a pack: expand the statement with '...' before its ';', "
                                                   "or fold it: (... + x[:])"};
    if (!packs.ranges.empty())
      return DialectError{packs.ranges[0].at, "'" + t[packs.ranges[0].at].text.str() + t[packs.ranges[0].at + 1].text.str() +
                                                  "' is a pack: expand the statement with '...' before its ';', or fold "
                                                  "it: (... + @range(n))"};
    if (auto e = written(writer.write(begin, t.size()))) return *e;
    if (writer.error()) return *writer.error(); // in a condition
    return plan;
  }
  if (packs.empty()) {
    // C++'s own packs: a comma fold, which Clang checks for an unexpanded pack.
    plan.add("((void)(", begin);
    if (auto e = written(writer.write(begin, end))) return *e;
    plan.add("),", end);
    plan.keep(end); // the '...'
    plan.add(")", end);
    plan.keep(semi);
    return plan;
  }
  if (std::optional<size_t> name = declaredVariableName(t, begin))
    return DialectError{*name, "an expanded statement runs once per element, inside a loop: a variable it declared "
                               "would not outlive it; declare it before, or fold: int n = (... + x[:]);"};
  plan.add("{", begin);
  if (auto e = written(writer.packs().head(packs, 0, begin))) return *e;
  plan.add(DynamicPackWriter::loop(0, "__circle_i"), begin);
  if (auto e = written(writer.write(begin, end, &packs, 0, "__circle_i"))) return *e;
  plan.keep(semi);
  plan.add("}", semi);
  if (writer.error()) return *writer.error();
  return plan;
}

} // namespace circle
