#include "dialect/user_attributes.h"

#include "llvm/ADT/StringSwitch.h"

namespace circle {

namespace {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

std::string joined(const std::vector<RawToken>& t, size_t from, size_t to) {
  std::string s;
  for (size_t k = from; k < to; ++k) s += (k > from ? " " : "") + t[k].text.str();
  return s;
}

// The arguments of a call's parentheses t[open, close]: their [from, to) ranges.
std::vector<std::pair<size_t, size_t>> arguments(const std::vector<RawToken>& t, size_t open, size_t close) {
  std::vector<std::pair<size_t, size_t>> args;
  size_t from = open + 1;
  int depth = 0;
  for (size_t k = open + 1; k < close; ++k) {
    if (opensBracket(t[k].kind)) ++depth;
    else if (closesBracket(t[k].kind)) --depth;
    else if (depth == 0 && t[k].kind == tok::comma) {
      args.push_back({from, k});
      from = k + 1;
    }
  }
  if (close > open + 1) args.push_back({from, close});
  return args;
}

enum class Form { None, Attribute, Has, Value };

Form formOf(llvm::StringRef name) {
  return llvm::StringSwitch<Form>(name)
      .Cases({"attribute", "enum_attribute"}, Form::Attribute)
      .Cases({"has_attribute", "enum_has_attribute"}, Form::Has)
      .Case("enum_value", Form::Value)
      .Default(Form::None);
}

} // namespace

std::string attributeTag(const std::string& name) { return "__circle_attr_" + name; }

bool isCircleAttributeList(const std::vector<RawToken>& t, size_t k) {
  return k + 2 < t.size() && t[k].kind == tok::l_square && t[k + 1].kind == tok::l_square &&
         t[k + 2].kind == tok::period;
}

std::variant<std::vector<EnumeratorAttribute>, DialectError> parseAttributeList(const std::vector<RawToken>& t,
                                                                                size_t from, size_t to) {
  std::vector<EnumeratorAttribute> attrs;
  size_t k = from;
  while (k < to) {
    if (t[k].kind != tok::period || k + 1 >= to || t[k + 1].kind != tok::raw_identifier)
      return DialectError{k, "an attribute list holds '.name' or '.name=value' items, separated by ','"};
    EnumeratorAttribute a{t[k + 1].text.str(), {}, k + 1};
    for (const EnumeratorAttribute& b : attrs)
      if (b.name == a.name) return DialectError{k + 1, "attribute '" + a.name + "' is given twice"};
    k += 2;
    if (k < to && t[k].kind == tok::equal) {
      size_t value = ++k;
      int depth = 0;
      while (k < to && (depth > 0 || t[k].kind != tok::comma)) {
        if (opensBracket(t[k].kind)) ++depth;
        else if (closesBracket(t[k].kind)) --depth;
        ++k;
      }
      if (k == value) return DialectError{value - 1, "attribute '" + a.name + "' needs a value after '='"};
      a.value = joined(t, value, k);
    }
    attrs.push_back(std::move(a));
    if (k < to && t[k].kind != tok::comma) return DialectError{k, "expected ',' or ']]' after an attribute"};
    ++k;
  }
  return attrs;
}

std::optional<std::variant<AttributeDeclaration, DialectError>> planAttributeDeclaration(const std::vector<RawToken>& t) {
  if (t.size() < 8 || !t[0].is("using") || t[1].kind != tok::raw_identifier || t[2].kind != tok::l_square ||
      t[3].kind != tok::l_square || !t[4].is("attribute"))
    return std::nullopt;
  size_t close = matchingClose(t, 2);
  if (close == npos || close + 2 >= t.size() || t[close + 1].kind != tok::equal) return std::nullopt;
  size_t defaultFrom = 0, defaultTo = 0;
  if (t[5].kind == tok::l_paren) {
    size_t paren = matchingClose(t, 5);
    if (paren == npos || paren + 2 != close) return std::nullopt;
    defaultFrom = 6;
    defaultTo = paren;
  } else if (close != 6) {
    return std::nullopt;
  }
  size_t semi = t.size() - 1, typeFrom = close + 2;
  bool flag = semi == typeFrom + 1 && t[typeFrom].is("void");
  if (flag && defaultTo > defaultFrom)
    return DialectError{defaultFrom, "a flag attribute (of type void) has no default value"};
  AttributeDeclaration d{t[1].text.str(), {}};
  std::string tag = attributeTag(d.name);
  d.plan.keep(0, 2);
  d.plan.keep(close + 1, t.size());
  d.plan.add("struct " + tag + " { using type =", 1);
  d.plan.keep(typeFrom, semi);
  d.plan.add("; static constexpr bool __has_default = " + std::string(defaultTo > defaultFrom ? "true" : "false") + ";",
             1);
  if (defaultTo > defaultFrom) {
    d.plan.add("static constexpr type __default = (", defaultFrom);
    d.plan.keep(defaultFrom, defaultTo);
    d.plan.add(");", defaultTo - 1);
  }
  d.plan.add("};", semi);
  return d;
}

bool isAtExpression(const std::vector<RawToken>& t, size_t i) {
  return i + 2 < t.size() && t[i].kind == tok::unknown && t[i].text == "@" && t[i + 2].kind == tok::l_paren &&
         formOf(t[i + 1].text) != Form::None;
}

std::string undeclaredAttribute(const std::string& name) {
  return "'" + name + "' is not an attribute: declare it first, 'using " + name +
         " [[attribute]] = int;' (or another type; void for a flag)";
}

std::optional<std::variant<size_t, DialectError>> planAtExpression(const std::vector<RawToken>& t, size_t i,
                                                                   RewritePlan& plan,
                                                                   const std::set<std::string, std::less<>>& declared) {
  if (!isAtExpression(t, i)) return std::nullopt;
  Form form = formOf(t[i + 1].text);
  std::string spelled = "@" + t[i + 1].text.str();
  size_t close = matchingClose(t, i + 2);
  if (close == npos) return DialectError{i, "'" + spelled + "(' is not closed"};
  std::vector<std::pair<size_t, size_t>> args = arguments(t, i + 2, close);
  for (auto [from, to] : args)
    if (from == to) return DialectError{i + 2, "an argument of '" + spelled + "' is empty"};
  if (form == Form::Value) {
    if (args.size() != 2) return DialectError{i, "'@enum_value' takes an enumeration and an index"};
    plan.add("::__circle_enum_value<", i);
    plan.keep(args[0].first, args[0].second);
    plan.add(">(", i);
    plan.keep(args[1].first, args[1].second);
    plan.add(")", close);
    return close + 1;
  }
  if (args.size() != 2 && args.size() != 3)
    return DialectError{i, "'" + spelled + "' takes an enumerator and an attribute, or an enumeration, an index and "
                                           "an attribute"};
  // The attribute: [::][ns::]name; its tag is found where the name would be.
  auto [attrFrom, attrTo] = args.back();
  if (t[attrTo - 1].kind != tok::raw_identifier)
    return DialectError{attrFrom, "expected an attribute's name"};
  for (size_t k = attrFrom; k + 1 < attrTo; ++k)
    if (t[k].kind != tok::coloncolon && t[k].kind != tok::raw_identifier)
      return DialectError{k, "expected an attribute's name"};
  if (!declared.count(t[attrTo - 1].text)) return DialectError{attrTo - 1, undeclaredAttribute(t[attrTo - 1].text.str())};
  plan.add(form == Form::Has ? "::__circle_has_attribute<" : "::__circle_attribute<", i);
  plan.keep(attrFrom, attrTo - 1);
  plan.add(attributeTag(t[attrTo - 1].text.str()) + ">(", attrTo - 1);
  if (args.size() == 3) {
    plan.add("::__circle_enum_value<", args[0].first);
    plan.keep(args[0].first, args[0].second);
    plan.add(">(", args[1].first);
    plan.keep(args[1].first, args[1].second);
    plan.add(")", args[1].second - 1);
  } else {
    plan.add("(", args[0].first);
    plan.keep(args[0].first, args[0].second);
    plan.add(")", args[0].second - 1);
  }
  plan.add(")", close);
  return close + 1;
}

} // namespace circle
