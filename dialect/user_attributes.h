// Circle's user attributes: a declaration names an attribute and its type (and a
// default value), enumerators carry values of them, and reflection reads them back.
//   using nt [[attribute]] = int;          an attribute of type int, no default
//   using vt [[attribute(1)]] = int;       default 1
//   using strided [[attribute]] = void;    a flag: present or not
//   enum class tuning_t { kepler [[ .nt=128, .strided ]] = 35, ... };
//   @enum_attribute(x, nt) / @attribute(x, nt)   x's value of nt (the default if x has none)
//   @enum_attribute(E, i, nt)                    the i-th enumerator's
//   @has_attribute(x, nt) / @enum_has_attribute  whether x was given nt
//   @enum_value(E, i)                            the i-th enumerator
// The declaration stays C++'s alias and gains a tag struct, __circle_attr_nt, with
// the type and default; enumerators' values go to the enum's registration
// (enum_reflection.h), and the @ forms become calls of the prelude's templates,
// constant expressions wherever x (or i) is one. Attributes apply to enumerators only
// (Circle also puts them on other declarations).
#pragma once
#include "dialect/rewrite_plan.h"

#include <optional>
#include <set>
#include <string>
#include <string>
#include <variant>
#include <vector>

namespace circle {

struct EnumeratorAttribute {
  std::string name;
  std::string value; // the expression's text; empty for a flag
  size_t token = 0;  // its name, in the tokens it was read from
};

// The prelude's tag struct for attribute `name`.
std::string attributeTag(const std::string& name);

// `[[ .` at t[k]: a Circle attribute list (C++ attributes never start with '.').
bool isCircleAttributeList(const std::vector<RawToken>& t, size_t k);

// The items of `.x=v, .flag` in t[from, to).
std::variant<std::vector<EnumeratorAttribute>, DialectError> parseAttributeList(const std::vector<RawToken>& t,
                                                                                size_t from, size_t to);

// `using name [[attribute(default)]] = type;` (t ends at its ';'): the plan for C++'s
// alias plus the tag struct, and the attribute's name; nothing for another statement.
struct AttributeDeclaration {
  std::string name;
  RewritePlan plan;
};
std::optional<std::variant<AttributeDeclaration, DialectError>> planAttributeDeclaration(const std::vector<RawToken>& t);

// `@name(args)` at t[i], one of the forms above: adds its respelling to `plan` and
// returns the index after its ')'. Nothing for another @ form (@range, @meta). An
// attribute not among `declared` (by its unqualified name) is an error.
std::optional<std::variant<size_t, DialectError>> planAtExpression(const std::vector<RawToken>& t, size_t i,
                                                                   RewritePlan& plan,
                                                                   const std::set<std::string, std::less<>>& declared);

// The error for an attribute `name` used before its declaration.
std::string undeclaredAttribute(const std::string& name);

// Is t[i] the '@' of a form planAtExpression takes?
bool isAtExpression(const std::vector<RawToken>& t, size_t i);

} // namespace circle
