// P2392's pattern matching, as Circle's guide uses it (any.cxx):
//   template <class T> constexpr bool operator is(const std::any& x);   user extension points
//   template <class T> constexpr T operator as(const std::any& x);
//   requires((... || T is Ts))              a type test: __is_same(T, Ts)
//   inspect (x) {
//     s as shapes_t => printf(...);         x is shapes_t? bind s to x as shapes_t
//     is _ => printf(...);                  otherwise
//   }
// C++ has no operator `is`: the user's operators are the functions
// __circle_operator_is/__circle_operator_as, and each arm calls them unqualified, so the
// user's overloads (declared before the inspect) win over the prelude's fallbacks
// (x's own type is T; as gives x itself). An inspect becomes a chain of if/else:
//   { auto&& __circle_inspected = (x);
//     if (__circle_operator_is<shapes_t>(__circle_inspected)) {
//       auto&& s = __circle_operator_as<shapes_t>(__circle_inspected); printf(...); }
//     else { printf(...); } }
// `A is B` with A a name declared as a type (`typename A`, `class A`) is __is_same(A, B);
// with A a value, __circle_operator_is<B>(A). Type traits as members: `T.is_reference`,
// `T.remove_reference` and the others in typeTrait() become Clang's built-ins.
#pragma once
#include "dialect/rewrite_plan.h"

#include <functional>
#include <optional>
#include <variant>

namespace circle {

// `inspect ( expr ) { arms }`, t ending at its '}'.
std::optional<std::variant<RewritePlan, DialectError>> planInspect(const std::vector<RawToken>& t);

// What `is`, `as` and the member type traits at t[i] become: the respelling and how many
// tokens it replaces. `isType` says whether a name was declared as a type.
struct IsAsSpelling {
  std::string text;
  size_t length;
};
std::optional<IsAsSpelling> respellIsAs(const std::vector<RawToken>& t, size_t i,
                                        const std::function<bool(llvm::StringRef)>& isType);

} // namespace circle
