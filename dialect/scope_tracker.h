// Which kind of scope each '{' of the token stream opens, from the tokens since the
// last ';', '{' or '}': what may be written after an enum there (a namespace-scope
// function, a class's friend, or nothing in a function's block, where C++ allows no
// function definition, nor a friend's in a local class).
#pragma once
#include "clang/Lex/Token.h"

#include <vector>

namespace circle {

class ScopeTracker {
public:
  enum class Kind { Namespace, Class, Block };
  void onToken(const clang::Token& tok);
  // Where a declaration that starts now would be.
  Kind current() const { return scopes_.empty() ? Kind::Namespace : scopes_.back(); }

private:
  Kind classify() const;
  std::vector<Kind> scopes_;
  std::vector<clang::Token> recent_; // since the last ';', '{' or '}' (the first few)
};

} // namespace circle
