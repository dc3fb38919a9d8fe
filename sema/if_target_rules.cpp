#include "sema/if_target_rules.h"

#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

namespace circle {
namespace {

bool isPredicate(const clang::CallExpr* call) {
  const clang::FunctionDecl* callee = call->getDirectCallee();
  return callee && callee->getIdentifier() && callee->getName() == "__circle_if_target" && call->getNumArgs() == 1 &&
         !call->isInstantiationDependent();
}

class PredicateFinder : public InstantiationVisitor<PredicateFinder> {
public:
  bool VisitCallExpr(clang::CallExpr* call) {
    if (isPredicate(call)) found.push_back(call);
    return true;
  }
  bool VisitIfStmt(clang::IfStmt* s) {
    auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(s->getCond() ? s->getCond()->IgnoreParenImpCasts() : nullptr);
    if (call && isPredicate(call)) statements.push_back({s, call});
    return true;
  }
  std::vector<const clang::CallExpr*> found;
  std::vector<std::pair<const clang::IfStmt*, const clang::CallExpr*>> statements;
};

} // namespace

IfTargetPredicates::IfTargetPredicates(const WalkTape& tape) : ast_(tape.ast()) {
  PredicateFinder finder;
  tape.replay(finder);
  calls_ = std::move(finder.found);
  statements_ = std::move(finder.statements);
}

std::vector<clang::SourceRange> IfTargetPredicates::branchesNotTaken() const {
  std::vector<clang::SourceRange> ranges;
  for (const auto& [s, call] : statements_) {
    clang::Expr::EvalResult result;
    if (!call->EvaluateAsRValue(result, ast_) || !result.Val.isInt()) continue;
    const clang::Stmt* dead = result.Val.getInt().getBoolValue() ? s->getElse() : s->getThen();
    if (dead) ranges.push_back(dead->getSourceRange());
  }
  return ranges;
}

bool IfTargetPredicates::checkConstant(clang::DiagnosticsEngine& diags, const std::string& targetName) {
  bool ok = true;
  for (const clang::CallExpr* call : calls_) {
    const clang::Expr* pred = call->getArg(0);
    clang::SmallVector<clang::PartialDiagnosticAt, 4> notes;
    clang::Expr::EvalResult result;
    result.Diag = &notes;
    // The whole call: a CCCL predicate is an nv::target::target_description.
    if (call->EvaluateAsRValue(result, ast_) && result.Val.isInt() && notes.empty()) continue;
    ok = false;
    if (!reported_.insert(call).second) continue;
    // The predicate is a macro argument of __ctgt: point at what the user wrote.
    clang::SourceLocation at = ast_.getSourceManager().getFileLoc(pred->getBeginLoc());
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                        "'if target' predicate is not a constant expression when generating "
                                        "code for %0; it may read only constants and the codegen objects "
                                        "(__is_host_target, __nvvm_current_device_sm, __nvvm_arch...)");
    diags.Report(at, id) << targetName;
    for (const clang::PartialDiagnosticAt& note : notes) {
      clang::DiagnosticBuilder builder = diags.Report(note.first, note.second.getDiagID());
      note.second.Emit(builder);
    }
  }
  return ok;
}

} // namespace circle
