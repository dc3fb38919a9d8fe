#include "sema/cuda_arch_ban.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <set>

namespace circle {
namespace {

constexpr const char* kMacro = "__CUDA_ARCH__";

class CudaArchBan : public clang::PPCallbacks {
public:
  explicit CudaArchBan(clang::Preprocessor& pp) : pp_(pp) {}

  // Code outside directives: every token the parser receives.
  void onToken(const clang::Token& tok) {
    if (tok.is(clang::tok::identifier) && tok.getIdentifierInfo()->getName() == kMacro) report(tok.getLocation());
  }

  void Ifdef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override { check(name); }
  void Ifndef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override { check(name); }
  void Elifdef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override { check(name); }
  void Elifndef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override {
    check(name);
  }
  void Defined(const clang::Token& name, const clang::MacroDefinition&, clang::SourceRange) override { check(name); }
  // #if / #elif: an undefined identifier there reads as 0 without passing through
  // any callback, so the condition's own tokens are scanned.
  void If(clang::SourceLocation, clang::SourceRange cond, ConditionValueKind) override { scan(cond); }
  void Elif(clang::SourceLocation, clang::SourceRange cond, ConditionValueKind, clang::SourceLocation) override {
    scan(cond);
  }

private:
  void check(const clang::Token& name) {
    if (name.getIdentifierInfo() && name.getIdentifierInfo()->getName() == kMacro) report(name.getLocation());
  }

  void scan(clang::SourceRange cond) {
    const clang::SourceManager& sm = pp_.getSourceManager();
    if (cond.isInvalid() || !cond.getBegin().isFileID() || sm.isInSystemHeader(cond.getBegin())) return;
    clang::CharSourceRange range = clang::CharSourceRange::getCharRange(cond);
    llvm::StringRef text = clang::Lexer::getSourceText(range, sm, pp_.getLangOpts());
    for (size_t at = text.find(kMacro); at != llvm::StringRef::npos; at = text.find(kMacro, at + 1)) {
      bool startsWord = at == 0 || !(isalnum(text[at - 1]) || text[at - 1] == '_');
      size_t end = at + llvm::StringRef(kMacro).size();
      bool endsWord = end == text.size() || !(isalnum(text[end]) || text[end] == '_');
      if (startsWord && endsWord) report(cond.getBegin().getLocWithOffset(at));
    }
  }

  void report(clang::SourceLocation loc) {
    clang::SourceManager& sm = pp_.getSourceManager();
    if (sm.isInSystemHeader(sm.getSpellingLoc(loc)) || !reported_.insert(loc.getRawEncoding()).second) return;
    clang::DiagnosticsEngine& diags = pp_.getDiagnostics();
    diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                            "__CUDA_ARCH__ is never defined: circle compiles host and device code "
                                            "in one pass, so no macro can tell the targets apart"));
    if (noted_) return;
    noted_ = true;
    diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Note,
                                            "test the target where code is generated instead: 'if "
                                            "target(__nvvm_current_device_sm >= 80) { ... } else { ... }' "
                                            "replaces '#if __CUDA_ARCH__ >= 800', and 'if "
                                            "target(__is_host_target)' replaces '#ifndef __CUDA_ARCH__'"));
  }

  clang::Preprocessor& pp_;
  std::set<unsigned> reported_;
  bool noted_ = false;
};

} // namespace

std::function<void(const clang::Token&)> banCudaArch(clang::Preprocessor& pp) {
  auto ban = std::make_unique<CudaArchBan>(pp);
  CudaArchBan* raw = ban.get();
  pp.addPPCallbacks(std::move(ban));
  return [raw](const clang::Token& tok) { raw->onToken(tok); };
}

} // namespace circle
