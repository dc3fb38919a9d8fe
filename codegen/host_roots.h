// A device pass generates what its kernels reach, but Clang's CodeGen also emits
// every function it must emit for a linker: each non-inline external definition
// (main, a user's file-scope functions) and then everything those call. On the GPU
// that is host code that the device link throws away again: for a program whose
// main uses the STL (bench/stl_heavy.cxx), ~540 of a module's 556 functions, every
// sm generating, printing and linking them. Without -rdc no other object can call
// into this one's device code, so the device passes leave out the definitions
// that nothing on the device side can reach.
//
// Which ones, from one replay of the walk tape: the candidates are external,
// non-inline, non-template, non-member function definitions of this unit that are
// neither kernels nor tagged __device__ nor operators (a new-expression calls its
// operator without naming it). A candidate is kept when anything other than a
// candidate refers to it: a kernel, an inline or template function, a lambda, a
// variable's initializer, or a kept candidate. A reference the tape does not show
// (a cleanup attribute's function, say) the device pass itself catches: if its
// module still names a function left out, it generates again with nothing left out,
// and so do the later sms (codegen/left_out_functions.h).
#pragma once
#include <set>
#include <string>
#include <vector>

namespace clang {
class Decl;
} // namespace clang

namespace circle {

class WalkTape;

class HostRoots {
public:
  explicit HostRoots(const WalkTape& tape);

  // Canonical declarations.
  const std::set<const clang::Decl*>& functions() const { return leftOut_; }
  // Their qualified names, sorted (for -v).
  std::vector<std::string> names() const;

private:
  std::set<const clang::Decl*> leftOut_; // canonical declarations
};

} // namespace circle
