// What a code-generation pass does not hand Clang's CodeGen: host code a device pass
// need not generate (codegen/host_roots.h), and function and variable definitions
// CodeGen finds itself or that nothing refers to (codegen/unreferenced_functions.h).
// The readings behind them are of the AST; CodeGen can still refer to something they
// missed. A pass whose module then names something left out generates again with
// everything (codegen/target_pass.h), and the set hands everything over from then on.
#pragma once
#include <set>

namespace clang {
class Decl;
}

namespace circle {

class LeftOutFunctions {
public:
  // Canonical declarations.
  void add(const std::set<const clang::Decl*>& functions) { leftOut_.insert(functions.begin(), functions.end()); }

  // Whether a replayed declaration is not handed to CodeGen.
  bool leavesOut(const clang::Decl* d) const;
  // Whether a module that names `d` without its definition lacks it for being left out.
  bool neededAfterAll(const clang::Decl* d) const;
  // `because`: what a module named after all (for -v), if that is why.
  void handOverAll(const clang::Decl* because = nullptr) {
    all_ = true;
    because_ = because;
  }
  bool handsOverAll() const { return all_; }
  const clang::Decl* namedAfterAll() const { return because_; }

private:
  std::set<const clang::Decl*> leftOut_;
  bool all_ = false;
  const clang::Decl* because_ = nullptr;
};

} // namespace circle
