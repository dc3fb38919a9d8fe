#include "frontend/preprocessed_output.h"

#include "frontend/if_target_syntax.h"
#include "sema/implicit_prelude.h"
#include "sema/cuda_arch_ban.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/PreprocessorOutputOptions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {

bool isCirclePreprocessedOutput(const std::string& path) {
  auto head = llvm::MemoryBuffer::getFileSlice(path, 4096, 0);
  if (!head) return false;
  return (*head)->getBuffer().contains("\n# 1 \"" + std::string(kPreludeName) + "\" 1\n");
}

bool PreprocessAction::BeginSourceFileAction(clang::CompilerInstance& ci) {
  // The same token rules as a compile: __CUDA_ARCH__ is an error, `if target` is
  // expanded to the condition the code-generation passes fold.
  clang::Preprocessor& pp = ci.getPreprocessor();
  pp.setTokenWatcher([ban = banCudaArch(pp, archSpecific_), gate = gateIfTargetMacro(pp)](const clang::Token& tok) {
    ban(tok);
    gate(tok);
  });
  return true;
}

void PreprocessAction::ExecuteAction() {
  clang::CompilerInstance& ci = getCompilerInstance();
  clang::PreprocessorOutputOptions opts = ci.getPreprocessorOutputOpts();
  // The invocation is a -fsyntax-only one: say what -E prints (-dM: the macros only).
  if (!opts.ShowMacros) opts.ShowCPP = 1;
  std::string text;
  llvm::raw_string_ostream os(text);
  clang::DoPrintPreprocessedInput(ci.getPreprocessor(), &os, opts);
  if (out_) *out_ += text;
}

} // namespace circle
