#include "support/diagnostics.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {

void reportError(const std::string& message) {
  llvm::WithColor::error(llvm::errs(), "circle") << message << "\n";
}

void reportWarning(const std::string& message) {
  llvm::WithColor::warning(llvm::errs(), "circle") << message << "\n";
}

void reportNote(const std::string& message) {
  llvm::WithColor::note(llvm::errs(), "circle") << message << "\n";
}

} // namespace circle
