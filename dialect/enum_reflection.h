// Circle's reflection on enumerations, as far as the enumerators can be read from the
// source: each enum definition of a user's file (and circle's nvvm_arch_t) is noted
// by name with its enumerators, in declaration order. With that:
//   E.enum_count            the number of enumerators (an integer literal)
//   E.enum_names ...        a pack: each enumerator's name, a string literal
//   E.enum_values ...       a pack: each enumerator, E::x
//   E.string                the enum's name
//   x.string                for a variable declared with a noted enum's type:
//                           __circle_enum_name(x), the enumerator's name (null if none)
//   @meta for enum (E x : E) { body }   the body once per enumerator, x a constexpr E
// A pack of enum traits expands at the '...' after it, as Circle does, by writing the
// pattern once per enumerator: `f(E.enum_names) ...;` is one statement per enumerator,
// `{ (int)E.enum_values ... }` one initializer per enumerator.
//
// __circle_enum_name(x) is defined after each enum at namespace scope (a friend at
// class scope); an enum of a function's block gets none, and one whose body holds a
// directive is not noted. An enum is found by its simple name: two different enums of
// one name make its traits an error.
#pragma once
#include "dialect/rewrite_plan.h"

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
};

// circle's nvvm_arch_t: sm_XX = XX for each -sm_XX (sema/implicit_prelude.cpp).
EnumInfo nvvmArchEnum(const std::vector<int>& sms);

// `t` starts after the keyword `enum` and ends at the ';' after the definition's '}'.
// Nothing for an anonymous or opaque enum.
std::optional<EnumInfo> parseEnumDefinition(const std::vector<RawToken>& t);

// A noted enum's __circle_enum_name, as text; `inClass`: it is written in a class (a friend).
std::string enumNameFunction(const EnumInfo& e, bool inClass);

class EnumRegistry {
public:
  void note(EnumInfo e);
  // Null when no enum has the name; `ambiguous` is set when two differ.
  const EnumInfo* find(llvm::StringRef name, bool* ambiguous = nullptr) const;

private:
  std::map<std::string, EnumInfo, std::less<>> enums_;
  std::map<std::string, bool, std::less<>> ambiguous_;
};

// `E . enum_names` / `E . enum_values` at t[i]: the trait's name, else empty.
llvm::StringRef enumPackTrait(const std::vector<RawToken>& t, size_t i, const EnumRegistry& enums);

// Expands each `pattern ...` whose pattern holds enum packs, in t[from, to), into
// `plan`: returns false when there is none. Patterns run back from the '...' to the
// nearest ',', ';' or opening bracket of their depth (or to `from`).
std::variant<bool, DialectError> planEnumPackExpansions(const std::vector<RawToken>& t, size_t from, size_t to,
                                                        const EnumRegistry& enums, RewritePlan& plan);

} // namespace circle
