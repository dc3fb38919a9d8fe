// Which kind of scope each '{' of the token stream opens, from the tokens since the
// last ';', '{' or '}': what may be written after an enum there (a namespace-scope
// function, a class's friend, or nothing in a function's block, where C++ allows no
// function definition, nor a friend's in a local class), and whether a block is the
// body of a __global__ function (or inside one).
#pragma once
#include "clang/Lex/Token.h"

#include <vector>

namespace circle {

class ScopeTracker {
public:
  enum class Kind { Namespace, Class, Block };
  void onToken(const clang::Token& tok);
  // Where a declaration that starts now would be.
  Kind current() const { return scopes_.empty() ? Kind::Namespace : scopes_.back().kind; }
  bool inKernel() const { return !scopes_.empty() && scopes_.back().kernel; }
  size_t depth() const { return scopes_.size(); }

private:
  struct Scope {
    Kind kind;
    bool kernel;
  };
  Scope classify() const;
  Kind classifyKind() const;
  std::vector<Scope> scopes_;
  std::vector<clang::Token> recent_; // since the last ';', '{' or '}' (the first few)
};

} // namespace circle
