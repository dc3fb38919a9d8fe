#include "dialect/enum_reflection.h"

#include "dialect/user_attributes.h"
#include "support/gpu_arch.h"

namespace circle {

namespace {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

// Skips `[[...]]` and `__attribute__((...))` starting at t[i]; returns the next index.
size_t skipAttributes(const std::vector<RawToken>& t, size_t i) {
  while (i < t.size()) {
    if (t[i].kind == tok::l_square && i + 1 < t.size() && t[i + 1].kind == tok::l_square) {
      size_t close = matchingClose(t, i);
      if (close == npos) return t.size();
      i = close + 1;
    } else if ((t[i].is("__attribute__") || t[i].is("alignas") || t[i].is("__declspec")) && i + 1 < t.size() &&
               t[i + 1].kind == tok::l_paren) {
      size_t close = matchingClose(t, i + 1);
      if (close == npos) return t.size();
      i = close + 1;
    } else {
      return i;
    }
  }
  return i;
}

// A name as a pack of characters: a template argument that keeps its text.
std::string chars(const std::string& x) {
  std::string r = "::__circle_chars<";
  for (size_t c = 0; c < x.size(); ++c) r += (c ? ",'" : "'") + std::string(1, x[c]) + "'";
  return r + ">";
}

} // namespace

EnumInfo nvvmArchEnum(const std::vector<int>& sms) {
  EnumInfo arch{"nvvm_arch_t", {}};
  for (int sm : sms) arch.enumerators.push_back(smName(sm));
  return arch;
}

std::variant<EnumInfo, DialectError, std::monostate> parseEnumDefinition(const std::vector<RawToken>& t) {
  size_t i = 0;
  if (i < t.size() && (t[i].is("class") || t[i].is("struct"))) ++i;
  i = skipAttributes(t, i);
  if (i >= t.size() || t[i].kind != tok::raw_identifier) return std::monostate{};
  EnumInfo e{t[i].text.str(), {}, {}, {}};
  // A definition goes on with its body or `: base {`; anything else uses the enum as a
  // type (`std::initializer_list<enum E> x = { A, B };`) and is left to C++.
  ++i;
  if (i < t.size() && t[i].kind == tok::colon)
    for (++i; i < t.size() && (t[i].kind == tok::raw_identifier || t[i].kind == tok::coloncolon);) ++i;
  if (i >= t.size() || t[i].kind != tok::l_brace) return std::monostate{};
  size_t close = matchingClose(t, i);
  if (close == npos) return std::monostate{};
  bool expectName = true;
  int depth = 0;
  for (size_t k = i + 1; k < close; ++k) {
    if (depth == 0 && !expectName && isCircleAttributeList(t, k)) {
      size_t end = matchingClose(t, k);
      if (end == npos || end > close) return std::monostate{};
      std::variant<std::vector<EnumeratorAttribute>, DialectError> attrs = parseAttributeList(t, k + 2, end - 1);
      if (auto* error = std::get_if<DialectError>(&attrs)) return *error;
      e.attributes.back() = std::get<std::vector<EnumeratorAttribute>>(std::move(attrs));
      e.circleAttributeSpans.push_back({k, end});
      k = end;
    } else if (opensBracket(t[k].kind)) ++depth;
    else if (closesBracket(t[k].kind)) --depth;
    else if (depth == 0 && t[k].kind == tok::comma) expectName = true;
    else if (depth == 0 && expectName && t[k].kind == tok::raw_identifier) {
      e.enumerators.push_back(t[k].text.str());
      e.attributes.emplace_back();
      expectName = false;
    }
  }
  return e;
}

std::string enumRegistration(const EnumInfo& e) {
  std::string r = "static_assert(::__circle_enum_reg<" + e.name + ", " + chars(e.name);
  for (size_t k = 0; k < e.enumerators.size(); ++k) {
    const std::string& x = e.enumerators[k];
    r += ", ::__circle_en<" + e.name + "::" + x + ", " + chars(x);
    for (const EnumeratorAttribute& a : k < e.attributes.size() ? e.attributes[k] : std::vector<EnumeratorAttribute>{}) {
      std::string tag = attributeTag(a.name);
      r += ", ::__circle_av<" + tag +
           (a.value.empty() ? "" : ", decltype([] { return (" + tag + "::type)(" + a.value + "); })") + ">";
    }
    r += ">";
  }
  return r + ">::__ok, \"\");";
}

void EnumRegistry::note(EnumInfo e) {
  auto it = enums_.find(e.name);
  if (it == enums_.end()) {
    std::string name = e.name;
    enums_.emplace(std::move(name), std::move(e));
  } else if (it->second.enumerators != e.enumerators) {
    ambiguous_[e.name] = true;
  }
}

const EnumInfo* EnumRegistry::find(llvm::StringRef name, bool* ambiguous) const {
  auto it = enums_.find(name);
  if (it == enums_.end()) return nullptr;
  if (ambiguous) *ambiguous = ambiguous_.count(name) != 0;
  return &it->second;
}

bool isAtForm(const std::vector<RawToken>& t, size_t i, llvm::StringRef name) {
  return i + 2 < t.size() && t[i].kind == tok::unknown && t[i].text == "@" && t[i + 1].is(name) &&
         t[i + 2].kind == tok::l_paren;
}

std::optional<EnumAttributesForm> enumAttributesForm(const std::vector<RawToken>& t, size_t i) {
  if (!isAtForm(t, i, "enum_attributes")) return std::nullopt;
  size_t close = matchingClose(t, i + 2);
  if (close == npos || close < i + 6 || t[i + 4].kind != tok::comma || t[close - 1].kind != tok::raw_identifier)
    return std::nullopt;
  std::string qualifier;
  for (size_t k = i + 5; k + 1 < close; ++k) qualifier += t[k].text.str();
  return EnumAttributesForm{t[i + 3].text, close + 1 - i, qualifier + attributeTag(t[close - 1].text.str())};
}

std::optional<EnumPackRef> enumPackRef(const std::vector<RawToken>& t, size_t i, const EnumRegistry& enums) {
  if (i + 2 >= t.size()) return std::nullopt;
  if (isAtForm(t, i, "enum_attributes")) {
    std::optional<EnumAttributesForm> f = enumAttributesForm(t, i);
    if (!f || !enums.find(f->enumName)) return std::nullopt;
    return EnumPackRef{"enum_attributes", f->enumName, f->length, f->attributeTag};
  }
  if (t[i].kind != tok::raw_identifier || t[i + 1].kind != tok::period) return std::nullopt;
  if (!t[i + 2].is("enum_names") && !t[i + 2].is("enum_values")) return std::nullopt;
  if (!enums.find(t[i].text)) return std::nullopt;
  return EnumPackRef{t[i + 2].text, t[i].text, 3, {}};
}

namespace {
// C++'s fold operators but ',' (a comma after a pattern is a list, expanded as one).
bool isFoldOperator(tok::TokenKind k) {
  switch (k) {
  case tok::plus: case tok::minus: case tok::star: case tok::slash: case tok::percent: case tok::caret:
  case tok::amp: case tok::pipe: case tok::lessless: case tok::greatergreater: case tok::ampamp:
  case tok::pipepipe: case tok::equalequal: case tok::exclaimequal: case tok::less: case tok::greater:
  case tok::lessequal: case tok::greaterequal:
    return true;
  default:
    return false;
  }
}
} // namespace

std::variant<bool, DialectError> planEnumPackExpansions(const std::vector<RawToken>& t, size_t from, size_t to,
                                                        const EnumRegistry& enums, RewritePlan& plan) {
  // A unary fold, `( ... op pattern )` or `( pattern op ... )`: the pattern once per
  // enumerator joined by op, the parentheses kept (`fold`: op's index; `start`, `end`:
  // the pattern; `open`, `close`: the parentheses).
  struct Expansion {
    size_t start, ellipsis;
    const EnumInfo* e;
    size_t fold = 0, end = 0, open = 0, close = 0;
    bool right = false; // `( pattern op ... )`: grouped from the right
    size_t initBegin = 0, initEnd = 0; // a binary fold's init: `( init op ... op pattern )`
  };
  auto packOf = [&](size_t begin, size_t end, const EnumInfo*& e) -> std::optional<DialectError> {
    for (size_t j = begin; j < end; ++j) {
      std::optional<EnumPackRef> ref = enumPackRef(t, j, enums);
      if (!ref) continue;
      bool ambiguous = false;
      const EnumInfo* here = enums.find(ref->enumName, &ambiguous);
      if (ambiguous) return DialectError{j, "two enumerations are named '" + ref->enumName.str() + "': circle cannot tell which one this reflects"};
      if (e && here->enumerators.size() != e->enumerators.size())
        return DialectError{j, "the packs of this expansion differ in length ('" + e->name + "' and '" + here->name + "')"};
      e = here;
    }
    return std::nullopt;
  };
  std::vector<Expansion> found;
  for (size_t i = from; i < to; ++i) {
    if (t[i].kind != tok::ellipsis) continue;
    // One walk back from the '...' finds both where a pattern before it starts (after the
    // nearest ',', ';' or open bracket at its depth) and the bracket that encloses it (a
    // binary left fold's '(', which may lie beyond a comma in its init).
    size_t start = from, open = std::string::npos;
    {
      int depth = 0;
      bool started = false;
      for (size_t j = i; j-- > from;) {
        if (closesBracket(t[j].kind)) ++depth;
        else if (opensBracket(t[j].kind) && depth-- == 0) {
          open = j;
          if (!started) start = j + 1;
          break;
        } else if (!started && depth == 0 && (t[j].kind == tok::comma || t[j].kind == tok::semi)) {
          start = j + 1;
          started = true;
        }
      }
    }
    // `( init op ... op pattern )`: the '(' found back from init.
    if (i > from + 1 && i + 2 < to && isFoldOperator(t[i + 1].kind) && t[i - 1].kind == t[i + 1].kind) {
      size_t close = open == std::string::npos || t[open].kind != tok::l_paren ? std::string::npos
                                                                                : matchingClose(t, open);
      const EnumInfo* e = nullptr;
      const EnumInfo* inInit = nullptr;
      if (close != std::string::npos && close <= to && open + 1 < i - 1) {
        if (auto error = packOf(i + 2, close, e)) return *error;
        if (auto error = packOf(open + 1, i - 1, inInit)) return *error;
        if (e && !inInit) {
          if (!found.empty() && found.back().ellipsis >= open)
            return DialectError{i, "circle does not expand a pack inside another expansion of enum packs"};
          Expansion x{i + 2, i, e, i + 1, close, open, close};
          x.initBegin = open + 1;
          x.initEnd = i - 1;
          found.push_back(x);
          i = close;
          continue;
        }
      }
    }
    if (i > from && i + 2 < to && t[i - 1].kind == tok::l_paren && isFoldOperator(t[i + 1].kind)) {
      size_t close = matchingClose(t, i - 1);
      const EnumInfo* e = nullptr;
      if (close != std::string::npos && close <= to) {
        if (auto error = packOf(i + 2, close, e)) return *error;
        if (e) {
          if (!found.empty() && found.back().ellipsis >= i - 1)
            return DialectError{i, "circle does not expand a pack inside another expansion of enum packs"};
          found.push_back({i + 2, i, e, i + 1, close, i - 1, close});
          i = close;
          continue;
        }
      }
    }
    // `( pattern op ... )` and `( pattern op ... op init )`: the pattern stops before op,
    // and the parentheses go with it.
    bool opened = start > from && start + 1 < i && t[start - 1].kind == tok::l_paren && isFoldOperator(t[i - 1].kind);
    bool rightFold = opened && i + 1 < to && t[i + 1].kind == tok::r_paren;
    size_t initClose = opened && i + 2 < to && t[i + 1].kind == t[i - 1].kind ? matchingClose(t, start - 1)
                                                                                  : std::string::npos;
    bool binaryRight = initClose != std::string::npos && initClose <= to && initClose > i + 2;
    const EnumInfo* e = nullptr;
    if (auto error = packOf(start, rightFold || binaryRight ? i - 1 : i, e)) return *error;
    if (!e) continue;
    if (!found.empty() && found.back().ellipsis >= (rightFold || binaryRight ? start - 1 : start))
      return DialectError{i, "circle does not expand a pack inside another expansion of enum packs"};
    if (binaryRight) {
      const EnumInfo* inInit = nullptr;
      if (auto error = packOf(i + 2, initClose, inInit)) return *error;
      if (inInit) return DialectError{i, "a fold has a pack on one side of its '...' only"};
      Expansion x{start, i, e, i - 1, i - 1, start - 1, initClose, true};
      x.initBegin = i + 2;
      x.initEnd = initClose;
      found.push_back(x);
      i = initClose;
    } else if (rightFold) found.push_back({start, i, e, i - 1, i - 1, start - 1, i + 1, true});
    else found.push_back({start, i, e});
  }
  if (found.empty()) return false;

  // The pattern t[begin, end) with enumerator k's values for its enum traits.
  auto pattern = [&](size_t begin, size_t end, size_t k) {
    for (size_t j = begin; j < end;) {
      std::optional<EnumPackRef> ref = enumPackRef(t, j, enums);
      if (!ref) {
        plan.keep(j++);
        continue;
      }
      const EnumInfo* e = enums.find(ref->enumName);
      std::string value = e->name + "::" + e->enumerators[k];
      if (ref->trait == "enum_names") plan.add("\"" + e->enumerators[k] + "\"", j);
      else if (ref->trait == "enum_values") plan.add(value, j);
      else plan.add("::__circle_attribute<" + ref->attributeTag + ">(" + value + ")", j);
      j += ref->length;
    }
  };
  size_t i = from;
  for (const Expansion& x : found) {
    if (x.fold) {
      // Grouped as C++ groups the fold, whatever op's associativity: a left fold
      // ((p0 op p1) op p2), a right one p0 op (p1 op p2).
      // A binary fold's init is the innermost operand: ((init op p0) op p1), or
      // p0 op (p1 op init).
      plan.keep(i, x.open + 1);
      size_t n = x.e->enumerators.size();
      bool init = x.initEnd > x.initBegin;
      if (n == 0) { // an enumeration without enumerators: init, or what C++ gives an empty fold
        if (init) plan.keep(x.initBegin, x.initEnd);
        else if (t[x.fold].kind == tok::ampamp) plan.add("true", x.fold);
        else if (t[x.fold].kind == tok::pipepipe) plan.add("false", x.fold);
        else return DialectError{x.fold, "a unary fold over '" + x.e->name + "', which has no enumerators, needs && or ||"};
        i = x.close;
        continue;
      }
      size_t opened = init ? n : n - 1;
      if (!x.right) {
        for (size_t k = 0; k < opened; ++k) plan.add("(", x.start);
        if (init) plan.keep(x.initBegin, x.initEnd);
      }
      for (size_t k = 0; k < n; ++k) {
        if ((k || init) && !x.right) plan.keep(x.fold);
        plan.add("(", x.start);
        pattern(x.start, x.end, k);
        plan.add(")", x.end - 1);
        if ((k || init) && !x.right) plan.add(")", x.end - 1);
        if (x.right && (k + 1 < n || init)) {
          plan.keep(x.fold);
          plan.add("(", x.start);
        }
      }
      if (x.right) {
        if (init) plan.keep(x.initBegin, x.initEnd);
        for (size_t k = 0; k < opened; ++k) plan.add(")", x.end - 1);
      }
      i = x.close;
      continue;
    }
    plan.keep(i, x.start);
    bool statement = x.start == from && x.ellipsis + 1 < t.size() && t[x.ellipsis + 1].kind == tok::semi;
    // Braces only behind an if/else/loop/label (planPrefix): a statement of a
    // namespace or class (a static_assert) cannot be a block.
    bool braced = statement && from > 0;
    if (braced) plan.add("{", x.start);
    for (size_t k = 0; k < x.e->enumerators.size(); ++k) {
      if (k && !statement) plan.add(",", x.ellipsis);
      pattern(x.start, x.ellipsis, k);
      if (statement && (braced || k + 1 < x.e->enumerators.size())) plan.add(";", x.ellipsis); // the last: the user's
    }
    if (braced) plan.add("}", x.ellipsis);
    i = x.ellipsis + 1;
  }
  plan.keep(i, to);
  return true;
}

} // namespace circle
