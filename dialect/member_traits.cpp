#include "dialect/member_traits.h"

namespace circle {

std::optional<std::variant<TraitSpelling, DialectError>> memberTrait(const std::vector<RawToken>& t, size_t i,
                                                                     const TraitNames& names) {
  namespace tok = clang::tok;
  if (i + 2 >= t.size() || t[i].kind != tok::raw_identifier || t[i + 1].kind != tok::period ||
      t[i + 2].kind != tok::raw_identifier)
    return std::nullopt;
  if (i + 3 < t.size() && t[i + 3].kind == tok::l_paren) return std::nullopt; // a call: C++'s member
  llvm::StringRef name = t[i].text, trait = t[i + 2].text;
  auto quoted = [](llvm::StringRef s) { return "\"" + s.str() + "\""; };
  bool ambiguous = false;
  if (const EnumInfo* e = names.enums.find(name, &ambiguous)) {
    if (trait != "enum_count" && trait != "string" && trait != "enum_names" && trait != "enum_values")
      return std::nullopt;
    if (ambiguous)
      return DialectError{i, "two enumerations are named '" + name.str() + "': circle cannot tell which one this reflects"};
    if (trait == "enum_names" || trait == "enum_values")
      return DialectError{i + 2, "'" + name.str() + "." + trait.str() + "' is a pack: expand it with '...'"};
    std::string value = trait == "string" ? quoted(name) : std::to_string(e->enumerators.size());
    std::string tag = trait == "string" ? "::__circle_text{" + value + "}" : "::__circle_constant<" + value + ">{}";
    return TraitSpelling{"{} ->* " + tag, value};
  }
  if (trait == "string") {
    auto it = names.enumVariables.find(name);
    if (it == names.enumVariables.end()) return std::nullopt;
    return TraitSpelling{"->* ::__circle_enumerator_name{}", "::__circle_enum_name_of(" + name.str() + ")"};
  }
  if (trait == "length" && names.arrays.count(name))
    return TraitSpelling{"->* ::__circle_length_tag{}", "(" + name.str() + " ->* ::__circle_length_tag{})"};
  return std::nullopt;
}

std::optional<PackSize> enumPackSize(const std::vector<RawToken>& t, size_t i, const TraitNames& names) {
  namespace tok = clang::tok;
  if (i + 6 >= t.size() || !t[i].is("sizeof") || t[i + 1].kind != tok::ellipsis || t[i + 2].kind != tok::l_paren ||
      t[i + 3].kind != tok::raw_identifier || t[i + 4].kind != tok::period || t[i + 6].kind != tok::r_paren ||
      !(t[i + 5].is("enum_values") || t[i + 5].is("enum_names")))
    return std::nullopt;
  bool ambiguous = false;
  const EnumInfo* e = names.enums.find(t[i + 3].text, &ambiguous);
  if (!e) return std::nullopt;
  if (ambiguous)
    return PackSize{"((decltype(sizeof 0))0)", 7,
                    DialectError{i + 3, "two enumerations are named '" + t[i + 3].text.str() +
                                            "': circle cannot tell which one this reflects"}};
  return PackSize{"((decltype(sizeof 0))" + std::to_string(e->enumerators.size()) + ")", 7};
}

} // namespace circle
