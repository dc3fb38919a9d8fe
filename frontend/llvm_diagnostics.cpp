#include "frontend/llvm_diagnostics.h"

#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/SourceMgr.h"

namespace circle {
void LLVMDiagnostics::collectFileScopeAsm(const WalkTape& tape) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFileScopeAsmDecl(clang::FileScopeAsmDecl* a) {
      if (const auto* text = llvm::dyn_cast<clang::StringLiteral>(a->getAsmStringExpr()))
        out.emplace_back(text->getString().str(), a->getBeginLoc());
      return true;
    }
    std::vector<std::pair<std::string, clang::SourceLocation>>& out;
  } finder{{}, fileScopeAsm_};
  tape.replay(finder);
}

bool LLVMDiagnostics::handleDiagnostics(const llvm::DiagnosticInfo& info) {
  if (info.getKind() == llvm::DK_OptimizationFailure) return true;
  uint64_t cookie = 0;
  std::string message;
  const auto* srcMgr = llvm::dyn_cast<llvm::DiagnosticInfoSrcMgr>(&info);
  if (srcMgr) {
    cookie = srcMgr->getLocCookie();
    message = srcMgr->getSMDiag().getMessage().str();
    if (!srcMgr->getSMDiag().getLineContents().empty())
      message += " (in '" + llvm::StringRef(srcMgr->getSMDiag().getLineContents()).trim().str() + "')";
  } else if (const auto* asmDiag = llvm::dyn_cast<llvm::DiagnosticInfoInlineAsm>(&info)) {
    cookie = asmDiag->getLocCookie();
    message = asmDiag->getMsgStr().str();
  }
  auto loc = clang::SourceLocation::getFromRawEncoding(static_cast<clang::SourceLocation::UIntTy>(cookie));
  if (!cookie && srcMgr && srcMgr->isInlineAsmDiag())
    for (const auto& [text, at] : fileScopeAsm_)
      if (llvm::StringRef(text).contains(llvm::StringRef(srcMgr->getSMDiag().getLineContents()).trim())) {
        loc = at;
        break;
      }
  if (!diags || loc.isInvalid()) return false;
  clang::DiagnosticsEngine::Level level = info.getSeverity() == llvm::DS_Error     ? clang::DiagnosticsEngine::Error
                                          : info.getSeverity() == llvm::DS_Warning ? clang::DiagnosticsEngine::Warning
                                                                                   : clang::DiagnosticsEngine::Note;
  diags->Report(loc, diags->getCustomDiagID(level, "inline assembly: %0")) << message;
  return true;
}

} // namespace circle
