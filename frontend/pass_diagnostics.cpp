#include "frontend/pass_diagnostics.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"

#include <vector>

namespace circle {
namespace {

class SayOnce : public clang::DiagnosticConsumer, public PassDiagnostics {
public:
  SayOnce(std::unique_ptr<clang::DiagnosticConsumer> printer, SaidWarnings& shared, bool host)
      : printer_(std::move(printer)), shared_(shared), host_(host) {}
  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override {
    lang_ = &lang;
    open_ = true;
    printer_->BeginSourceFile(lang, pp);
  }
  void EndSourceFile() override {
    open_ = false;
    printer_->EndSourceFile();
  }
  void finish() override { printer_->finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    printer_->clear();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) override {
    if (level == clang::DiagnosticsEngine::Note) {
      if (droppingNotes_) return;
    } else {
      droppingNotes_ = false;
      if (level == clang::DiagnosticsEngine::Warning || level == clang::DiagnosticsEngine::Remark) {
        std::string key = keyOf(level, d);
        if (host_) {
          shared_.said.insert(std::move(key));
        } else if (shared_.said.count(key)) {
          droppingNotes_ = true;
          return;
        }
      }
    }
    DiagnosticConsumer::HandleDiagnostic(level, d);
    if (holding_) {
      llvm::SmallString<256> text;
      d.FormatDiagnostic(text);
      held_.push_back({level, d.getDiags(), d.getLocation(), d.getID(), text.str().str()});
      return;
    }
    errorsSaid_ |= level >= clang::DiagnosticsEngine::Error;
    printer_->HandleDiagnostic(level, d);
  }

  void hold() override { holding_ = true; }
  void release() override {
    holding_ = false;
    // A pass's diagnostics are released once it is known to count, after its parse has
    // ended: the printer renders only between BeginSourceFile and EndSourceFile (a
    // text printer outside them dereferenced its freed renderer: ggml's sources crashed
    // circle where the device's pass had warnings of its own).
    const bool reopen = !open_ && lang_ && !held_.empty();
    if (reopen) printer_->BeginSourceFile(*lang_, nullptr);
    for (const Held& h : held_) {
      clang::DiagnosticStorage noArguments;
      clang::Diagnostic d(h.diags, h.loc, h.id, noArguments, h.text);
      errorsSaid_ |= h.level >= clang::DiagnosticsEngine::Error;
      printer_->HandleDiagnostic(h.level, d);
    }
    if (reopen) printer_->EndSourceFile();
    held_.clear();
  }
  void drop() override {
    holding_ = false;
    held_.clear();
    clear(); // no "N errors generated" for what was dropped
  }
  bool errorsSaid() const override { return errorsSaid_; }

private:
  struct Held {
    clang::DiagnosticsEngine::Level level;
    const clang::DiagnosticsEngine* diags;
    clang::SourceLocation loc;
    unsigned id;
    std::string text;
  };

  static std::string keyOf(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) {
    llvm::SmallString<256> text;
    d.FormatDiagnostic(text);
    std::string key = std::to_string(int(level)) + " " + text.str().str();
    if (d.hasSourceManager() && d.getLocation().isValid()) {
      clang::PresumedLoc p = d.getSourceManager().getPresumedLoc(d.getSourceManager().getExpansionLoc(d.getLocation()));
      if (p.isValid())
        key += std::string(" @") + p.getFilename() + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn());
    }
    return key;
  }

  std::unique_ptr<clang::DiagnosticConsumer> printer_;
  SaidWarnings& shared_;
  bool host_;
  bool droppingNotes_ = false;
  bool holding_ = false;
  bool errorsSaid_ = false;
  const clang::LangOptions* lang_ = nullptr; // the pass's, which outlives its parse
  bool open_ = false;
  std::vector<Held> held_;
};

} // namespace

std::unique_ptr<clang::DiagnosticConsumer> sayWarningsOnce(std::unique_ptr<clang::DiagnosticConsumer> printer,
                                                           SaidWarnings& shared, bool host, PassDiagnostics** control) {
  auto filter = std::make_unique<SayOnce>(std::move(printer), shared, host);
  if (control) *control = filter.get();
  return filter;
}

} // namespace circle
