#include "sema/if_target_rules.h"

#include "sema/instantiation_visitor.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

namespace circle {
namespace {

class PredicateFinder : public InstantiationVisitor<PredicateFinder> {
public:
  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (callee && callee->getIdentifier() && callee->getName() == "__circle_if_target" &&
        call->getNumArgs() == 1 && !call->isInstantiationDependent())
      found.push_back(call);
    return true;
  }
  std::vector<const clang::CallExpr*> found;
};

} // namespace

IfTargetPredicates::IfTargetPredicates(clang::ASTContext& ast) : ast_(ast) {
  PredicateFinder finder;
  finder.TraverseDecl(ast.getTranslationUnitDecl());
  calls_ = std::move(finder.found);
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
