#include "dialect/pattern_matching.h"

#include "llvm/ADT/StringSwitch.h"

namespace circle {

namespace {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

bool isArrow(const std::vector<RawToken>& t, size_t k) { // `=>`, two raw tokens side by side
  return k + 1 < t.size() && t[k].kind == tok::equal && t[k + 1].kind == tok::greater &&
         t[k + 1].offset == t[k].offset + 1;
}

// Circle's member type traits and the Clang built-in each is.
const char* typeTrait(llvm::StringRef member, bool& isType) {
  isType = member.starts_with("remove_") || member == "add_pointer";
  return llvm::StringSwitch<const char*>(member)
      .Case("is_reference", "__is_reference")
      .Case("is_lvalue_reference", "__is_lvalue_reference")
      .Case("is_rvalue_reference", "__is_rvalue_reference")
      .Case("is_pointer", "__is_pointer")
      .Case("is_const", "__is_const")
      .Case("is_enum", "__is_enum")
      .Case("is_class", "__is_class")
      .Case("is_integral", "__is_integral")
      .Case("is_floating_point", "__is_floating_point")
      .Case("remove_reference", "__remove_reference_t")
      .Case("remove_cvref", "__remove_cvref")
      .Case("remove_const", "__remove_const")
      .Case("remove_pointer", "__remove_pointer")
      .Case("add_pointer", "__add_pointer")
      .Default(nullptr);
}

} // namespace

std::optional<IsAsSpelling> respellIsAs(const std::vector<RawToken>& t, size_t i,
                                        const std::function<bool(llvm::StringRef)>& isType) {
  if (i + 1 >= t.size()) return std::nullopt;
  if (t[i].is("operator") && (t[i + 1].is("is") || t[i + 1].is("as")))
    return IsAsSpelling{"__circle_operator_" + t[i + 1].text.str(), 2};
  if (i + 2 >= t.size() || t[i].kind != tok::raw_identifier) return std::nullopt;
  if (t[i + 1].kind == tok::period && t[i + 2].kind == tok::raw_identifier && isType(t[i].text) &&
      (i + 3 >= t.size() || t[i + 3].kind != tok::l_paren)) {
    if (t[i + 2].is("string")) // a type's name: an enum circle registered (enum_reflection.h)
      return IsAsSpelling{"::__circle_type_name<" + t[i].text.str() + ">", 3};
    bool typeResult = false;
    if (const char* builtin = typeTrait(t[i + 2].text, typeResult))
      return IsAsSpelling{std::string(builtin) + "(" + t[i].text.str() + ")", 3};
    return std::nullopt;
  }
  if (t[i + 1].is("is") && t[i + 2].kind == tok::raw_identifier) {
    if (isType(t[i].text)) return IsAsSpelling{"__is_same(" + t[i].text.str() + ", " + t[i + 2].text.str() + ")", 3};
    return IsAsSpelling{"__circle_operator_is<" + t[i + 2].text.str() + ">(" + t[i].text.str() + ")", 3};
  }
  return std::nullopt;
}

std::optional<std::variant<RewritePlan, DialectError>> planInspect(const std::vector<RawToken>& t) {
  if (t.size() < 5 || !t[0].is("inspect") || t[1].kind != tok::l_paren) return std::nullopt;
  size_t close = matchingClose(t, 1);
  if (close == npos || close + 1 >= t.size() || t[close + 1].kind != tok::l_brace) return std::nullopt;
  size_t open = close + 1, end = matchingClose(t, open);
  if (end != t.size() - 1) return std::nullopt;
  RewritePlan plan;
  plan.add("{ auto&& __circle_inspected = (", 0);
  plan.keep(2, close);
  plan.add(");", close);
  bool otherwise = false, first = true;
  size_t k = open + 1;
  while (k < end) {
    // [name] (as|is) type => statement
    size_t arrow = k;
    while (arrow < end && !isArrow(t, arrow)) ++arrow;
    if (arrow == end) return DialectError{k, "an inspect's pattern needs '=>' and a statement"};
    if (otherwise) return DialectError{k, "a pattern after 'is _' is never reached"};
    size_t word = k;
    if (t[k].kind == tok::raw_identifier && k + 1 < arrow && (t[k + 1].is("as") || t[k + 1].is("is"))) word = k + 1;
    if (!t[word].is("as") && !t[word].is("is"))
      return DialectError{k, "circle's inspect takes 'name as type', 'is type' and 'is _' patterns"};
    bool binds = word == k + 1;
    if (binds && t[word].is("is"))
      return DialectError{word, "'name is type' binds nothing: write 'name as type' or 'is type'"};
    if (word + 1 == arrow) return DialectError{word, "expected a type after '" + t[word].text.str() + "'"};
    // The statement: up to its ';' outside brackets, or a braced block.
    size_t body = arrow + 2, stop = body;
    if (body < end && t[body].kind == tok::l_brace) {
      stop = matchingClose(t, body);
    } else {
      int depth = 0;
      while (stop < end && (depth > 0 || t[stop].kind != tok::semi)) {
        if (opensBracket(t[stop].kind)) ++depth;
        else if (closesBracket(t[stop].kind)) --depth;
        ++stop;
      }
    }
    if (stop == npos || stop >= end) return DialectError{body < end ? body : arrow, "this pattern's statement is not closed"};
    bool any = t[word].is("is") && word + 2 == arrow && t[word + 1].is("_");
    if (any) {
      plan.add(first ? "{" : "else {", k);
      otherwise = true;
    } else {
      plan.add(first ? "if (__circle_operator_is<" : "else if (__circle_operator_is<", k);
      plan.keep(word + 1, arrow);
      plan.add(">(__circle_inspected)) {", arrow);
      if (binds) {
        plan.add("auto&&", k);
        plan.keep(k);
        plan.add("= __circle_operator_as<", word);
        plan.keep(word + 1, arrow);
        plan.add(">(__circle_inspected);", arrow);
      }
    }
    plan.keep(body, stop + 1);
    plan.add("}", stop);
    first = false;
    k = stop + 1;
  }
  plan.add("}", end);
  return plan;
}

} // namespace circle
