// Circle's member traits on names circle can classify while lexing:
//   E.enum_count, E.string        E a noted enumeration (dialect/enum_reflection.h)
//   x.string                      x declared with a noted enumeration's type
//   a.length                      a declared as an array (`T a[...]`)
// Anything else keeps C++'s meaning: a struct's member named `string` or `length`
// is untouched, since the name before the '.' was not declared as one of these.
//
// The name itself has already reached the parser when its '.' is seen, so the trait
// is spelled as a suffix (`suffix`): an overloaded ->* with a tag type of circle's
// prelude, e.g. `a ->* ::__circle_length_tag{}`; ->* binds after the postfix
// expression `a` (and after `s.a`), as the member access did. Where the whole
// expression is respelled (inside an expansion) the trait is a plain value
// (`replacement`).
#pragma once
#include "dialect/enum_reflection.h"

#include <functional>
#include <set>

namespace circle {

struct TraitNames {
  const EnumRegistry& enums;
  std::map<std::string, std::string, std::less<>> enumVariables; // name -> its enum
  std::set<std::string, std::less<>> arrays;
};

struct TraitSpelling {
  std::string suffix;      // after the name, replacing `. trait`
  std::string replacement; // replacing `name . trait`
};

// t[i] is a name followed by `. trait` (and no call). Nothing when it is not a trait
// circle knows for that name; an error when it is misused.
std::optional<std::variant<TraitSpelling, DialectError>> memberTrait(const std::vector<RawToken>& t, size_t i,
                                                                     const TraitNames& names);

// t[i] starts `sizeof ... ( E . enum_values )` (or `enum_names`), E a noted enumeration:
// the pack's size, its enumerator count, and how many tokens the form takes.
struct PackSize {
  std::string value;
  size_t length;
  std::optional<DialectError> error; // said once; `value` (0) stands in, which says nothing more
};
std::optional<PackSize> enumPackSize(const std::vector<RawToken>& t, size_t i, const TraitNames& names);

} // namespace circle
