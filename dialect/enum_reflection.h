// Circle's reflection on enumerations, as far as the enumerators can be read from the
// source: each enum definition of a user's file (and circle's nvvm_arch_t) is noted
// by name with its enumerators, in declaration order. With that:
//   E.enum_count            the number of enumerators (an integer literal)
//   E.enum_names ...        a pack: each enumerator's name, a string literal
//   E.enum_values ...       a pack: each enumerator, E::x
//   @enum_attributes(E, a) ...  a pack: each enumerator's attribute a (user_attributes.h)
//   E.string                the enum's name
//   x.string                for a variable declared with a noted enum's type:
//                           the enumerator's name (null if none), from the registry
//   @meta for enum (E x : E) { body }   the body once per enumerator, x a constexpr E
// A pack of enum traits expands at the '...' after it, as Circle does, by writing the
// pattern once per enumerator: `f(E.enum_names) ...;` is one statement per enumerator,
// `{ (int)E.enum_values ... }` one initializer per enumerator.
//
// After each noted enum (at any scope) a registration gives the prelude its
// enumerators by type (enumRegistration), which the traits of a template's enum
// parameter use (dialect/dependent_packs.h). One whose body holds a directive is not
// noted. An enum is found by its simple name while lexing: two different enums of one
// name make its traits an error.
#pragma once
#include "dialect/rewrite_plan.h"
#include "dialect/user_attributes.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace circle {

struct EnumInfo {
  std::string name;
  std::vector<std::string> enumerators;
  std::vector<std::vector<EnumeratorAttribute>> attributes; // per enumerator
  // Token spans [first, last] of Circle's `[[ .x=v ]]` lists: not C++, left out of what Clang sees.
  std::vector<std::pair<size_t, size_t>> circleAttributeSpans;
};

// circle's nvvm_arch_t: sm_XX = XX for each -sm_XX (sema/implicit_prelude.cpp).
EnumInfo nvvmArchEnum(const std::vector<int>& sms);

// `t` starts after the keyword `enum` and ends at the ';' after the definition's '}'.
// monostate for an anonymous or opaque enum; an error for a malformed attribute list.
std::variant<EnumInfo, DialectError, std::monostate> parseEnumDefinition(const std::vector<RawToken>& t);

// The static_assert, written after the enum's ';', that gives circle's prelude the
// enum's enumerators, names and attributes (dialect_prelude.cpp, kEnumRegistry): valid
// at namespace, class and block scope, once per instantiation in a template.
std::string enumRegistration(const EnumInfo& e);

class EnumRegistry {
public:
  void note(EnumInfo e);
  // Null when no enum has the name; `ambiguous` is set when two differ.
  const EnumInfo* find(llvm::StringRef name, bool* ambiguous = nullptr) const;

private:
  std::map<std::string, EnumInfo, std::less<>> enums_;
  std::map<std::string, bool, std::less<>> ambiguous_;
};

// A noted enum's pack at t[i]: `E.enum_names`, `E.enum_values`, `@enum_attributes(E, a)`.
struct EnumPackRef {
  llvm::StringRef trait;    // enum_names, enum_values, enum_attributes
  llvm::StringRef enumName;
  size_t length;            // its tokens
  std::string attributeTag; // enum_attributes: the attribute's tag (user_attributes.h)
};
std::optional<EnumPackRef> enumPackRef(const std::vector<RawToken>& t, size_t i, const EnumRegistry& enums);

// `@ name (` at t[i].
bool isAtForm(const std::vector<RawToken>& t, size_t i, llvm::StringRef name);

// `@enum_attributes(E, [::][ns::]a)` at t[i], whatever E names (a noted enum, a
// template's parameter): E, the form's tokens and the attribute's tag.
struct EnumAttributesForm {
  llvm::StringRef enumName;
  size_t length;
  std::string attributeTag;
};
std::optional<EnumAttributesForm> enumAttributesForm(const std::vector<RawToken>& t, size_t i);

// Expands each `pattern ...` whose pattern holds enum packs, in t[from, to), into
// `plan`: returns false when there is none. Patterns run back from the '...' to the
// nearest ',', ';' or opening bracket of their depth (or to `from`).
std::variant<bool, DialectError> planEnumPackExpansions(const std::vector<RawToken>& t, size_t from, size_t to,
                                                        const EnumRegistry& enums, RewritePlan& plan);

} // namespace circle
