#include "dialect/dependent_packs.h"

#include "dialect/pack_expansion.h"
#include "dialect/user_attributes.h"

namespace circle {

namespace {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

struct Ref {
  enum Kind { Values, Names, Attribute, Count } kind;
  llvm::StringRef enumName;
  size_t length;
  std::string attributeTag;
};

// A trait of a name that is not a noted enum (a template's parameter) at t[i].
std::optional<Ref> dependentRef(const std::vector<RawToken>& t, size_t i, const EnumRegistry& enums) {
  if (i + 2 >= t.size()) return std::nullopt;
  // sizeof...(T.enum_values): the pack's size, T's enumerator count.
  if (t[i].is("sizeof") && t[i + 1].kind == tok::ellipsis && t[i + 2].kind == tok::l_paren)
    if (std::optional<Ref> inner = dependentRef(t, i + 3, enums);
        inner && inner->kind != Ref::Count && inner->kind != Ref::Attribute && i + 3 + inner->length < t.size() &&
        t[i + 3 + inner->length].kind == tok::r_paren)
      return Ref{Ref::Count, inner->enumName, inner->length + 4, {}};
  if (isAtForm(t, i, "enum_attributes")) {
    std::optional<EnumAttributesForm> f = enumAttributesForm(t, i);
    if (!f || enums.find(f->enumName)) return std::nullopt;
    return Ref{Ref::Attribute, f->enumName, f->length, f->attributeTag};
  }
  if (t[i].kind != tok::raw_identifier || t[i + 1].kind != tok::period || enums.find(t[i].text)) return std::nullopt;
  if (i > 0 && (t[i - 1].kind == tok::period || t[i - 1].kind == tok::arrow)) return std::nullopt; // a member
  if (i + 3 < t.size() && t[i + 3].kind == tok::l_paren) return std::nullopt;                        // a call
  Ref::Kind kind;
  if (t[i + 2].is("enum_values")) kind = Ref::Values;
  else if (t[i + 2].is("enum_names")) kind = Ref::Names;
  else if (t[i + 2].is("enum_count")) kind = Ref::Count;
  else return std::nullopt;
  return Ref{kind, t[i].text, 3, {}};
}

bool isMultiConditional(const std::vector<RawToken>& t, size_t i) {
  return i + 1 < t.size() && t[i].kind == tok::ellipsis && t[i + 1].kind == tok::question;
}

// `int...` alone, the element's index (not `int...(n)`, a range).
bool isIndexPack(const std::vector<RawToken>& t, size_t i) {
  return isIntPack(t, i) && (i + 2 >= t.size() || t[i + 2].kind != tok::l_paren);
}

class Planner {
public:
  Planner(const std::vector<RawToken>& t, const EnumRegistry& enums, bool inBlock, RewritePlan& plan)
      : t_(t), enums_(enums), capture_(inBlock ? "[&]" : "[]"), plan_(plan) {}

  std::optional<DialectError> error;

  // t[from, to): its multi-conditionals, then everything else. `index` stands for an
  // enum pack's element (empty: no enum pack here).
  void expression(size_t from, size_t to, const std::string& index) {
    size_t q = from;
    int depth = 0;
    for (; q < to; ++q) {
      if (isMultiConditional(t_, q)) break;
      if (opensBracket(t_[q].kind)) ++depth;
      else if (closesBracket(t_[q].kind)) --depth;
    }
    if (q == to) {
      simple(from, to, index, index);
      return;
    }
    size_t condStart = operandStart(from, q);
    size_t aStart = q + (q + 2 < to && t_[q + 2].kind == tok::question ? 3 : 2);
    size_t colon = freeColon(t_, aStart, to);
    if (colon == npos) {
      error = DialectError{q, "'...?' needs its ':' and the value when no element matches"};
      return;
    }
    size_t bEnd = operandEnd(colon + 1, to);
    simple(from, condStart, index, index);
    // Left to right, the first element whose condition holds gives the value.
    plan_.add(capture_ + "() { int __circle_k = 0; bool __circle_d = false; __remove_cvref(decltype(", q);
    simple(colon + 1, bEnd, index, index);
    plan_.add(")) __circle_r{}; (void)((__circle_d || ((", q);
    simple(condStart, q, "__circle_k", index);
    plan_.add(") ? (__circle_r = (", q);
    simple(aStart, colon, "__circle_k", index);
    plan_.add("), __circle_d = true) : (++__circle_k, false))) || ...); if (!__circle_d) __circle_r = (", colon);
    simple(colon + 1, bEnd, index, index);
    plan_.add("); return __circle_r; }()", bEnd - 1);
    expression(bEnd, to, index);
  }

private:
  // Back from a '...?' to the start of its condition: after the nearest unmatched
  // opener, ',', '=' or return.
  size_t operandStart(size_t from, size_t q) {
    int depth = 0;
    for (size_t k = q; k-- > from;) {
      if (closesBracket(t_[k].kind)) ++depth;
      else if (opensBracket(t_[k].kind) && depth-- == 0) return k + 1;
      else if (depth == 0 && (t_[k].kind == tok::comma || t_[k].kind == tok::equal || t_[k].is("return")))
        return k + 1;
    }
    return from;
  }
  size_t operandEnd(size_t from, size_t to) {
    int depth = 0;
    for (size_t k = from; k < to; ++k) {
      if (opensBracket(t_[k].kind)) ++depth;
      else if (closesBracket(t_[k].kind) && depth-- == 0) return k;
      else if (depth == 0 && (t_[k].kind == tok::comma || t_[k].kind == tok::semi)) return k;
    }
    return to;
  }

  // Circle joins constant strings with '+' ("unknown " + T.string): operands that
  // are all string literals or .string/.enum_names traits, one a literal at least.
  bool isStringJoin(size_t from, size_t to) const {
    bool literal = false, joined = false;
    int depth = 0;
    size_t operand = from;
    for (size_t k = from; k <= to; ++k) {
      if (k < to && opensBracket(t_[k].kind)) ++depth;
      else if (k < to && closesBracket(t_[k].kind)) --depth;
      if (k < to && (depth > 0 || t_[k].kind != tok::plus)) continue;
      if (k == operand) return false;
      bool strings = true;
      for (size_t j = operand; j < k && strings; ++j) strings = t_[j].kind == tok::string_literal;
      literal |= strings;
      bool trait = k >= operand + 3 && t_[k - 2].kind == tok::period &&
                   (t_[k - 1].is("string") || t_[k - 1].is("enum_names"));
      if (!strings && !trait) return false;
      joined |= k < to;
      operand = k + 1;
    }
    return literal && joined;
  }

  void simple(size_t from, size_t to, const std::string& intIndex, const std::string& enumIndex) {
    if (isStringJoin(from, to)) {
      plan_.add("::__circle_static_string<(::__circle_string{} +", from);
      simpleTokens(from, to, intIndex, enumIndex);
      plan_.add(")>", to - 1);
      return;
    }
    simpleTokens(from, to, intIndex, enumIndex);
  }

  void simpleTokens(size_t from, size_t to, const std::string& intIndex, const std::string& enumIndex) {
    for (size_t i = from; i < to;) {
      if (std::optional<Ref> ref = dependentRef(t_, i, enums_)) {
        std::string e = ref->enumName.str();
        if (ref->kind == Ref::Count) {
          plan_.add("::__circle_enum_count<" + e + ">", i);
        } else if (enumIndex.empty()) {
          error = DialectError{i, "'" + t_[i].text.str() + "." + t_[i + 2].text.str() + "' is a pack: expand it with '...'"};
          return;
        } else {
          std::string value = "::__circle_enum_value_at<" + e + ", " + enumIndex + ">";
          if (ref->kind == Ref::Values) plan_.add(value, i);
          else if (ref->kind == Ref::Names) plan_.add("::__circle_enum_name_at<" + e + ", " + enumIndex + ">", i);
          else plan_.add("::__circle_attribute<" + ref->attributeTag + ">(" + value + ")", i);
        }
        i += ref->length;
      } else if (t_[i].is("sizeof") && i + 2 < to && t_[i + 1].kind == tok::ellipsis &&
                 t_[i + 2].kind == tok::raw_identifier) { // sizeof...y
        plan_.keep(i, i + 2);
        plan_.add("(", i + 2);
        plan_.keep(i + 2);
        plan_.add(")", i + 2);
        i += 3;
      } else if (isIndexPack(t_, i) && !intIndex.empty()) {
        plan_.add(intIndex, i);
        i += 2;
      } else {
        plan_.keep(i++);
      }
    }
  }

  const std::vector<RawToken>& t_;
  const EnumRegistry& enums_;
  std::string capture_;
  RewritePlan& plan_;
};

// Where a statement's expression begins: after a template header and the first '='
// outside brackets (a declaration's initializer), after return, else `begin`.
size_t expressionStart(const std::vector<RawToken>& t, size_t begin, size_t semi) {
  size_t k = begin;
  if (k < semi && t[k].is("template") && k + 1 < semi && t[k + 1].kind == tok::less) {
    int angles = 0;
    for (++k; k < semi; ++k) {
      if (t[k].kind == tok::l_paren) k = matchingClose(t, k);
      if (k == npos) return begin;
      if (t[k].kind == tok::less) ++angles;
      else if (t[k].kind == tok::greater && --angles == 0) break;
      else if (t[k].kind == tok::greatergreater && (angles -= 2) <= 0) break;
    }
    ++k;
  }
  if (k < semi && t[k].is("return")) return k + 1;
  int depth = 0;
  for (size_t i = k; i < semi; ++i) {
    if (opensBracket(t[i].kind)) ++depth;
    else if (closesBracket(t[i].kind)) --depth;
    else if (depth == 0 && t[i].kind == tok::equal) return i + 1;
  }
  return begin;
}

} // namespace

bool expandsOwnDependentPacks(const std::vector<RawToken>& t, size_t open, size_t close, const EnumRegistry& enums) {
  bool ellipsis = false, packs = false;
  int depth = 0;
  for (size_t k = open + 1; k < close; ++k) {
    if (opensBracket(t[k].kind)) ++depth;
    else if (closesBracket(t[k].kind)) --depth;
    else if (depth == 0 && t[k].kind == tok::ellipsis && !(k > open + 1 && t[k - 1].is("sizeof")) && !isIntPack(t, k - 1))
      ellipsis = true;
    if (isMultiConditional(t, k)) packs = true;
    else if (std::optional<Ref> ref = dependentRef(t, k, enums)) packs |= ref->kind != Ref::Count;
  }
  return ellipsis && packs;
}

std::optional<DialectError> planDependentGroup(const std::vector<RawToken>& t, size_t open, const EnumRegistry& enums,
                                              bool inBlock, RewritePlan& plan) {
  size_t close = matchingClose(t, open);
  std::string enumName;
  for (size_t k = open + 1; k < close; ++k)
    if (std::optional<Ref> ref = dependentRef(t, k, enums); ref && ref->kind != Ref::Count) {
      if (!enumName.empty() && enumName != ref->enumName)
        return DialectError{k, "circle expands the packs of one template enum at a time ('" + enumName + "' and '" +
                                   ref->enumName.str() + "')"};
      enumName = ref->enumName.str();
    }
  Planner planner(t, enums, inBlock, plan);
  plan.keep(open);
  if (!enumName.empty()) // the group's parentheses twice: a fold's are part of it
    plan.add("::__circle_enum_apply<" + enumName + ">(" + std::string(inBlock ? "[&]" : "[]") +
                 "<int... __circle_i>() { return (",
             open);
  planner.expression(open + 1, close, enumName.empty() ? "" : "__circle_i");
  if (!enumName.empty()) plan.add("); })", close);
  plan.keep(close);
  return planner.error;
}

void planDependentExpression(const std::vector<RawToken>& t, size_t from, size_t to, const EnumRegistry& enums,
                             RewritePlan& plan) {
  Planner(t, enums, true, plan).expression(from, to, "");
}

bool holdsMultiConditional(const std::vector<RawToken>& t) {
  for (size_t i = 0; i < t.size(); ++i)
    if (isMultiConditional(t, i)) return true;
  return false;
}

bool holdsDependentPacks(const std::vector<RawToken>& t, const EnumRegistry& enums) {
  for (size_t i = 0; i < t.size(); ++i)
    if (isMultiConditional(t, i) || dependentRef(t, i, enums) ||
        (t[i].is("sizeof") && i + 2 < t.size() && t[i + 1].kind == tok::ellipsis && t[i + 2].kind == tok::raw_identifier))
      return true;
  return false;
}

std::optional<std::variant<RewritePlan, DialectError>> planDependentPacks(const std::vector<RawToken>& t,
                                                                         const EnumRegistry& enums, bool inBlock) {
  if (!holdsDependentPacks(t, enums)) return std::nullopt;
  size_t semi = t.size() - 1;
  llvm::StringRef enumName;
  bool packs = false;
  for (size_t i = 0; i < semi; ++i) {
    std::optional<Ref> ref = dependentRef(t, i, enums);
    if (ref && ref->kind == Ref::Count) i += ref->length - 1;
    if (!ref || ref->kind == Ref::Count) continue;
    if (!enumName.empty() && enumName != ref->enumName)
      return DialectError{i, "circle expands the packs of one template enum at a time ('" + enumName.str() + "' and '" +
                                 ref->enumName.str() + "')"};
    enumName = ref->enumName;
    packs = true;
  }
  if (packs) {
    bool expanded = false;
    for (const RawToken& x : t) expanded |= x.kind == tok::ellipsis;
    for (size_t i = 0; i < semi && !expanded; ++i)
      if (std::optional<Ref> ref = dependentRef(t, i, enums); ref && ref->kind == Ref::Count)
        i += ref->length - 1;
      else if (ref)
        return DialectError{i + (ref->kind == Ref::Attribute ? 1 : 2),
                            "'" + (ref->kind == Ref::Attribute ? "@enum_attributes" : ref->enumName.str() + "." +
                                                                                          t[i + 2].text.str()) +
                                "' is a pack: expand it with '...'"};
  }
  RewritePlan plan;
  Planner planner(t, enums, inBlock, plan);
  size_t begin = planStatementPrefix(t, semi, plan);
  std::string capture = inBlock ? "[&]" : "[]";
  if (packs && semi > begin && t[semi - 1].kind == tok::ellipsis) {
    if (!inBlock)
      return DialectError{semi - 1, "circle expands a template enum's pack in a statement only inside a function"};
    plan.add("::__circle_enum_for_each<" + enumName.str() + ">(" + capture + "<int __circle_i>() {", begin);
    planner.expression(begin, semi - 1, "__circle_i");
    plan.add("; })", semi - 1);
    plan.keep(semi);
  } else if (size_t start = expressionStart(t, begin, semi); start == begin) {
    // No initializer nor return to take whole: each group whose own '...' expands the
    // packs (a fold's or a multi-conditional's parentheses, in a condition, a case
    // label, a static_assert, a braced list, an array's bound) takes them.
    RewritePlan grouped;
    Planner outside(t, enums, inBlock, grouped);
    size_t run = 0;
    for (size_t i = 0; i < semi; ++i) {
      size_t close = t[i].kind == tok::l_paren ? matchingClose(t, i) : npos;
      if (close == npos || close >= semi || !expandsOwnDependentPacks(t, i, close, enums)) continue;
      outside.expression(run, i, "");
      if (auto e = planDependentGroup(t, i, enums, inBlock, grouped)) return *e;
      run = i = close;
      ++run;
    }
    outside.expression(run, semi, "");
    grouped.keep(semi);
    if (outside.error) return *outside.error;
    return grouped;
  } else {
    plan.keep(begin, start);
    if (packs) plan.add("::__circle_enum_apply<" + enumName.str() + ">(" + capture + "<int... __circle_i>() { return", start);
    planner.expression(start, semi, packs ? "__circle_i" : "");
    if (packs) plan.add("; })", semi - 1);
    plan.keep(semi);
  }
  if (planner.error) return *planner.error;
  return plan;
}

} // namespace circle
