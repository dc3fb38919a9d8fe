#include "frontend/pass_warnings.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"

namespace circle {
namespace {

class SayOnce : public clang::DiagnosticConsumer {
public:
  SayOnce(std::unique_ptr<clang::DiagnosticConsumer> printer, SaidWarnings& shared, bool record)
      : printer_(std::move(printer)), shared_(shared), record_(record) {}
  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override {
    printer_->BeginSourceFile(lang, pp);
  }
  void EndSourceFile() override { printer_->EndSourceFile(); }
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
        if (record_) {
          shared_.said.insert(std::move(key));
        } else if (shared_.said.count(key)) {
          droppingNotes_ = true;
          return;
        }
      }
    }
    DiagnosticConsumer::HandleDiagnostic(level, d);
    printer_->HandleDiagnostic(level, d);
  }

private:
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
  bool record_;
  bool droppingNotes_ = false;
};

} // namespace

std::unique_ptr<clang::DiagnosticConsumer> sayWarningsOnce(std::unique_ptr<clang::DiagnosticConsumer> printer,
                                                           SaidWarnings& shared, bool record) {
  return std::make_unique<SayOnce>(std::move(printer), shared, record);
}

} // namespace circle
