#include "dialect/enum_reflection.h"

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

} // namespace

EnumInfo nvvmArchEnum(const std::vector<int>& sms) {
  EnumInfo arch{"nvvm_arch_t", {}};
  for (int sm : sms) arch.enumerators.push_back("sm_" + std::to_string(sm));
  return arch;
}

std::optional<EnumInfo> parseEnumDefinition(const std::vector<RawToken>& t) {
  size_t i = 0;
  if (i < t.size() && (t[i].is("class") || t[i].is("struct"))) ++i;
  i = skipAttributes(t, i);
  if (i >= t.size() || t[i].kind != tok::raw_identifier) return std::nullopt;
  EnumInfo e{t[i].text.str(), {}};
  while (i < t.size() && t[i].kind != tok::l_brace && t[i].kind != tok::semi) ++i; // `: base`
  if (i >= t.size() || t[i].kind != tok::l_brace) return std::nullopt;
  size_t close = matchingClose(t, i);
  if (close == npos) return std::nullopt;
  bool expectName = true;
  int depth = 0;
  for (size_t k = i + 1; k < close; ++k) {
    if (opensBracket(t[k].kind)) ++depth;
    else if (closesBracket(t[k].kind)) --depth;
    else if (depth == 0 && t[k].kind == tok::comma) expectName = true;
    else if (depth == 0 && expectName && t[k].kind == tok::raw_identifier) {
      e.enumerators.push_back(t[k].text.str());
      expectName = false;
    }
  }
  return e;
}

std::string enumNameFunction(const EnumInfo& e, bool inClass) {
  // extern "C++": the enum may sit in an extern "C" block, where overloads would clash.
  std::string f = inClass ? "friend " : "extern \"C++\" { ";
  f += "constexpr const char* __circle_enum_name(" + e.name + " __v) { return ";
  for (const std::string& x : e.enumerators) f += "__v == " + e.name + "::" + x + " ? \"" + x + "\" : ";
  return f + "nullptr; }" + (inClass ? "" : " }");
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

llvm::StringRef enumPackTrait(const std::vector<RawToken>& t, size_t i, const EnumRegistry& enums) {
  if (i + 2 >= t.size() || t[i].kind != tok::raw_identifier || t[i + 1].kind != tok::period) return {};
  if (!t[i + 2].is("enum_names") && !t[i + 2].is("enum_values")) return {};
  return enums.find(t[i].text) ? t[i + 2].text : llvm::StringRef();
}

std::variant<bool, DialectError> planEnumPackExpansions(const std::vector<RawToken>& t, size_t from, size_t to,
                                                        const EnumRegistry& enums, RewritePlan& plan) {
  struct Expansion {
    size_t start, ellipsis;
    const EnumInfo* e;
  };
  std::vector<Expansion> found;
  for (size_t i = from; i < to; ++i) {
    if (t[i].kind != tok::ellipsis) continue;
    size_t start = from;
    int depth = 0;
    for (size_t j = i; j-- > from;) {
      if (closesBracket(t[j].kind)) ++depth;
      else if (opensBracket(t[j].kind) && depth-- == 0) { start = j + 1; break; }
      else if (depth == 0 && (t[j].kind == tok::comma || t[j].kind == tok::semi)) { start = j + 1; break; }
    }
    const EnumInfo* e = nullptr;
    for (size_t j = start; j < i; ++j) {
      if (enumPackTrait(t, j, enums).empty()) continue;
      bool ambiguous = false;
      const EnumInfo* here = enums.find(t[j].text, &ambiguous);
      if (ambiguous) return DialectError{j, "two enumerations are named '" + t[j].text.str() + "': circle cannot tell which one this reflects"};
      if (e && here->enumerators.size() != e->enumerators.size())
        return DialectError{j, "the packs of this expansion differ in length ('" + e->name + "' and '" + here->name + "')"};
      e = here;
    }
    if (!e) continue;
    if (!found.empty() && found.back().ellipsis >= start)
      return DialectError{i, "circle does not expand a pack inside another expansion of enum packs"};
    found.push_back({start, i, e});
  }
  if (found.empty()) return false;

  size_t i = from;
  for (const Expansion& x : found) {
    plan.keep(i, x.start);
    bool statement = x.start == from && x.ellipsis + 1 < t.size() && t[x.ellipsis + 1].kind == tok::semi;
    if (statement) plan.add("{", x.start);
    for (size_t k = 0; k < x.e->enumerators.size(); ++k) {
      if (k && !statement) plan.add(",", x.ellipsis);
      for (size_t j = x.start; j < x.ellipsis;) {
        llvm::StringRef trait = enumPackTrait(t, j, enums);
        if (trait.empty()) {
          plan.keep(j++);
          continue;
        }
        const EnumInfo* e = enums.find(t[j].text);
        const std::string& name = e->enumerators[k];
        plan.add(trait == "enum_names" ? "\"" + name + "\"" : e->name + "::" + name, j);
        j += 3;
      }
      if (statement) plan.add(";", x.ellipsis);
    }
    if (statement) plan.add("}", x.ellipsis);
    i = x.ellipsis + 1;
  }
  plan.keep(i, to);
  return true;
}

} // namespace circle
