#include "frontend/llvm_diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/SourceMgr.h"

namespace circle {
namespace {

void collect(const clang::DeclContext* dc, std::vector<std::pair<std::string, clang::SourceLocation>>& out) {
  for (const clang::Decl* d : dc->decls()) {
    if (const auto* a = llvm::dyn_cast<clang::FileScopeAsmDecl>(d)) {
      if (const auto* text = llvm::dyn_cast<clang::StringLiteral>(a->getAsmStringExpr()))
        out.emplace_back(text->getString().str(), a->getBeginLoc());
    } else if (llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl>(d)) {
      collect(llvm::cast<clang::DeclContext>(d), out);
    }
  }
}

} // namespace

void LLVMDiagnostics::collectFileScopeAsm(clang::ASTContext& ast) { collect(ast.getTranslationUnitDecl(), fileScopeAsm_); }

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
