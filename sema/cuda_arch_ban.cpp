#include "sema/cuda_arch_ban.h"

#include "support/gpu_arch.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <set>
#include <vector>

namespace circle {
namespace {

constexpr const char* kMacro = "__CUDA_ARCH__";

class CudaArchBan : public clang::PPCallbacks {
public:
  CudaArchBan(clang::Preprocessor& pp, bool archSpecificTargets, std::function<bool(llvm::StringRef)> readPerTarget,
              std::function<bool(llvm::StringRef)> hostView)
      : pp_(pp), archSpecific_(archSpecificTargets), readPerTarget_(std::move(readPerTarget)),
        hostView_(std::move(hostView)) {}

  // Code outside directives: every token the parser receives.
  void onToken(const clang::Token& tok) {
    if (tok.is(clang::tok::identifier) && banned(tok.getIdentifierInfo()->getName()))
      report(tok.getLocation(), tok.getIdentifierInfo()->getName());
  }

  void Ifdef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override { check(name); }
  void Ifndef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override { check(name); }
  void Elifdef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override { check(name); }
  void Elifndef(clang::SourceLocation, const clang::Token& name, const clang::MacroDefinition&) override {
    check(name);
  }
  void MacroDefined(const clang::Token& name, const clang::MacroDirective*) override { checkDefinition(name); }
  void MacroUndefined(const clang::Token& name, const clang::MacroDefinition&, const clang::MacroDirective*) override {
    checkDefinition(name);
  }
  void Defined(const clang::Token& name, const clang::MacroDefinition&, clang::SourceRange) override { check(name); }
  // #if / #elif: an undefined identifier there reads as 0 without passing through
  // any callback, so the condition's own tokens are scanned.
  void If(clang::SourceLocation, clang::SourceRange cond, ConditionValueKind) override { scan(cond); }
  void Elif(clang::SourceLocation, clang::SourceRange cond, ConditionValueKind, clang::SourceLocation) override {
    scan(cond);
  }

private:
  // sm_90a's macros differ between targets only when a target is arch-specific;
  // elsewhere they are undefined everywhere, as with nvcc.
  bool banned(llvm::StringRef name) const { return name == kMacro || (archSpecific_ && isArchSpecificMacro(name)); }

  void check(const clang::Token& name) {
    if (name.getIdentifierInfo() && banned(name.getIdentifierInfo()->getName()))
      report(name.getLocation(), name.getIdentifierInfo()->getName());
  }

  // Each target has its own value: a file (or -D) may not set one for all.
  void checkDefinition(const clang::Token& name) {
    if (!name.getIdentifierInfo() || !banned(name.getIdentifierInfo()->getName())) return;
    clang::SourceManager& sm = pp_.getSourceManager();
    clang::SourceLocation loc = name.getLocation();
    if (hostView_(sm.getFilename(sm.getSpellingLoc(loc)))) return;
    clang::DiagnosticsEngine& diags = pp_.getDiagnostics();
    diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                            "%0 cannot be defined or undefined: circle gives each target of the "
                                            "compile its own value (none on the host), as nvcc does"))
        << name.getIdentifierInfo()->getName();
  }

  // The condition's tokens, raw: an undefined identifier reads as 0 without any
  // callback, so __CUDA_ARCH__ is looked for in the condition itself and in the
  // definitions of the macros it expands (a use through `#define ARCH __CUDA_ARCH__`).
  void scan(clang::SourceRange cond) {
    const clang::SourceManager& sm = pp_.getSourceManager();
    // The range begins at the first token after expansion: a macro's, if one comes first.
    if (cond.isInvalid()) return;
    cond = clang::SourceRange(sm.getExpansionLoc(cond.getBegin()), sm.getExpansionLoc(cond.getEnd()));
    if (!banHere(cond.getBegin())) return;
    clang::CharSourceRange range = clang::CharSourceRange::getTokenRange(cond);
    llvm::StringRef text = clang::Lexer::getSourceText(range, sm, pp_.getLangOpts());
    if (text.empty()) return;
    std::string copy = text.str(); // the lexer stops only at a NUL
    clang::Lexer lexer(cond.getBegin(), pp_.getLangOpts(), copy.data(), copy.data(), copy.data() + copy.size());
    bool operandOfDefined = false;
    for (;;) {
      clang::Token tok;
      lexer.LexFromRawLexer(tok);
      if (tok.is(clang::tok::eof)) break;
      if (tok.is(clang::tok::l_paren)) continue;
      if (!tok.is(clang::tok::raw_identifier)) {
        operandOfDefined = false;
        continue;
      }
      llvm::StringRef name = tok.getRawIdentifier();
      if (name == "defined") {
        operandOfDefined = true;
        continue;
      }
      bool tested = operandOfDefined;
      operandOfDefined = false;
      if (banned(name)) {
        report(tok.getLocation(), name);
        continue;
      }
      // `defined(ARCH)` asks about ARCH, not about what it expands to.
      if (tested) continue;
      clang::IdentifierInfo* macro = pp_.getIdentifierInfo(name);
      llvm::StringRef arch = expandsToCudaArch(macro);
      if (arch.empty()) continue;
      if (report(tok.getLocation(), arch)) {
        const clang::MacroInfo* through = pp_.getMacroInfo(macro);
        clang::DiagnosticsEngine& diags = pp_.getDiagnostics();
        diags.Report(through->getDefinitionLoc(),
                     diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "'%0' expands to %1"))
            << name << arch;
      }
    }
  }

  // The per-target macro the macro's expansion mentions, directly or through the
  // macros it uses, or empty.
  llvm::StringRef expandsToCudaArch(clang::IdentifierInfo* ii) {
    std::set<const clang::IdentifierInfo*> seen;
    std::vector<clang::IdentifierInfo*> work{ii};
    while (!work.empty()) {
      clang::IdentifierInfo* next = work.back();
      work.pop_back();
      if (!next || !seen.insert(next).second) continue;
      const clang::MacroInfo* mi = pp_.getMacroInfo(next);
      if (!mi) continue;
      for (const clang::Token& t : mi->tokens()) {
        clang::IdentifierInfo* used = t.getIdentifierInfo();
        if (!used) continue;
        if (banned(used->getName())) return used->getName();
        work.push_back(used);
      }
    }
    return {};
  }

  // Uses are read per target in every file circle reads through its file system;
  // the toolkit's and Clang's headers keep the host's view. What is left (a source
  // from standard input) would silently take the host's view.
  bool banHere(clang::SourceLocation loc) const {
    const clang::SourceManager& sm = pp_.getSourceManager();
    llvm::StringRef file = sm.getFilename(sm.getSpellingLoc(loc));
    return !readPerTarget_(file) && !hostView_(file);
  }

  // False where it was reported already or is not to be.
  bool report(clang::SourceLocation loc, llvm::StringRef macro) {
    clang::SourceManager& sm = pp_.getSourceManager();
    if (!banHere(loc) || !reported_.insert(sm.getExpansionLoc(loc).getRawEncoding()).second) return false;
    clang::DiagnosticsEngine& diags = pp_.getDiagnostics();
    diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                            "%0 cannot be used in a source read from standard input: circle reads "
                                            "each target's view of a file by reading the file again; outside "
                                            "#if/#ifdef guards around whole statements of a function body%1 it "
                                            "needs the source in a file"))
        << macro << (macro == kMacro ? " and a function body's expressions" : "");
    if (noted_) return true;
    noted_ = true;
    diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Note,
                                            "test the target where code is generated instead: 'if "
                                            "target(__nvvm_current_device_sm >= 80) { ... } else { ... }' "
                                            "replaces '#if __CUDA_ARCH__ >= 800', and 'if "
                                            "target(__is_host_target)' replaces '#ifndef __CUDA_ARCH__'%0"))
        << (archSpecific_ ? ", and 'if target(__nvvm_arch == sm_90a)' replaces '#ifdef __CUDA_ARCH_FEAT_SM90_ALL'"
                          : "");
    return true;
  }

  clang::Preprocessor& pp_;
  bool archSpecific_;
  std::function<bool(llvm::StringRef)> readPerTarget_, hostView_;
  std::set<unsigned> reported_;
  bool noted_ = false;
};

} // namespace

std::function<void(const clang::Token&)> banCudaArch(clang::Preprocessor& pp, bool archSpecificTargets,
                                                     std::function<bool(llvm::StringRef)> readPerTarget,
                                                     std::function<bool(llvm::StringRef)> hostView) {
  // Host-only code (C, nvcc's host files, no toolkit) has the host's view and no other.
  if (!pp.getLangOpts().CUDA) return [](const clang::Token&) {};
  auto ban = std::make_unique<CudaArchBan>(pp, archSpecificTargets, std::move(readPerTarget), std::move(hostView));
  CudaArchBan* raw = ban.get();
  pp.addPPCallbacks(std::move(ban));
  return [raw](const clang::Token& tok) { raw->onToken(tok); };
}

} // namespace circle
