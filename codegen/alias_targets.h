// Aliases, ifuncs and weak references name what they stand for by its symbol, which
// no reference in the AST shows; the analyses that leave functions out of a pass
// (codegen/left_out_functions.h) keep whatever such a symbol may be. A weak
// reference to a function left out would bind to null without a word. glibc's and
// libstdc++'s threading headers declare dozens (gthr-posix.h), so they are matched by
// name rather than turning the analyses off.
#pragma once
#include <string>
#include <vector>

namespace clang {
class Decl;
class NamedDecl;
} // namespace clang

namespace circle {

class AliasTargets {
public:
  // Notes the symbol `d` aliases, if it is an alias.
  void note(const clang::Decl* d);
  // Whether some alias's symbol may be `d`'s: it contains its name.
  bool mayName(const clang::NamedDecl& d) const;

private:
  std::vector<std::string> symbols_;
};

} // namespace circle
