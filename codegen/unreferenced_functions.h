// Clang's CodeGen defers an inline, static or instantiated function until something
// refers to it, but to find it then it files every definition it is handed under
// its symbol: each pass mangled every such function of the unit, ~4,500 of them from
// the preamble PCH alone (the CUDA headers' inline functions, passed on as Clang
// reads them), about 40 M instructions per pass on bench/small_kernel.cxx, times
// 1 + the number of sms. Most are never referred to. The passes are not handed:
// - a function defined inside its class (or a friend defined there): CodeGen looks
//   such a definition up itself when a call or address names it;
// - a deferrable definition nothing in the unit refers to (UnreferencedFunctions).
// "Refers to" is read from the walk tape (a call, an address, a member call, and
// the implicit calls the tape leaves out: a range-for's begin(), end(), != and ++, a rewritten
// comparison's operator<=>, a structured binding's get(), a default argument) and,
// for the PCH's functions, whose bodies are not on the tape, from the bodies of
// those referred to, in turn.
// Constructors, destructors, assignment operators, virtual functions and operators
// new and delete are always handed over: calls to them are often implicit; so is
// what an alias may name (codegen/alias_targets.h). What the reading still misses
// the pass catches (codegen/target_pass.h).
#pragma once
#include <set>

namespace clang {
class Decl;
class FunctionDecl;
} // namespace clang

namespace circle {

class WalkTape;

// Whether CodeGen finds `fd`'s definition on use without being handed it.
bool foundByCodeGenOnUse(const clang::FunctionDecl& fd);

class UnreferencedFunctions {
public:
  explicit UnreferencedFunctions(const WalkTape& tape);
  // Canonical declarations.
  const std::set<const clang::Decl*>& functions() const { return unreferenced_; }

private:
  std::set<const clang::Decl*> unreferenced_;
};

} // namespace circle
