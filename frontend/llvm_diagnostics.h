// What LLVM's backends report while circle lowers a module, as circle wants it said:
// - an unroll or vectorize request the optimizer could not honour (CUB asks for
//   many) is not worth a warning without a location, as nvcc agrees;
// - inline assembly the host's assembler rejects is an error at the asm statement
//   (Clang's CodeGen tags each with its location, the "cookie"; file-scope asm has
//   none and is found by its text);
// - everything else gets LLVM's usual handling.
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "llvm/IR/DiagnosticHandler.h"

#include <string>
#include <utility>
#include <vector>

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace circle {

class WalkTape;

class LLVMDiagnostics : public llvm::DiagnosticHandler {
public:
  bool handleDiagnostics(const llvm::DiagnosticInfo& info) override;

  // Where Clang's diagnostics go; null until the parse has made them.
  clang::DiagnosticsEngine* diags = nullptr;
  // Each file-scope asm's text and place, read while the AST exists (the host backend
  // runs after it is gone).
  void collectFileScopeAsm(const WalkTape& tape);

private:
  std::vector<std::pair<std::string, clang::SourceLocation>> fileScopeAsm_;
};

} // namespace circle
