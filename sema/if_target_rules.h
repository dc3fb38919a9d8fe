// The rules of `if target(pred)`: pred is evaluated by each code-generation pass with
// that target's codegen objects, and it must then be a constant. CodeGen folds the
// statement and generates only the branch taken; this checks, before each pass,
// that every predicate in the translation unit folds, and names the target where
// one does not.
#pragma once
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class DiagnosticsEngine;
class IfStmt;
class SourceRange;
} // namespace clang

namespace circle {

class WalkTape;

class IfTargetPredicates {
public:
  // Collects the predicates once, after the parse (template instantiations included).
  explicit IfTargetPredicates(const WalkTape& tape);

  // Call while the codegen objects hold a target's values. Reports each predicate
  // that is not constant (once per predicate); returns false if any is not.
  bool checkConstant(clang::DiagnosticsEngine& diags, const std::string& targetName);

  size_t size() const { return calls_.size(); }

  // Call while the codegen objects hold a target's values: the branches of `if target`
  // statements that target does not take (CodeGen generates nothing of them).
  std::vector<clang::SourceRange> branchesNotTaken() const;

private:
  clang::ASTContext& ast_;
  std::vector<const clang::CallExpr*> calls_;
  std::vector<std::pair<const clang::IfStmt*, const clang::CallExpr*>> statements_;
  std::set<const clang::CallExpr*> reported_;
};

} // namespace circle
