#include "frontend/preprocessed_output.h"

#include "frontend/if_target_syntax.h"
#include "frontend/nvcc_identity.h"
#include "sema/implicit_prelude.h"
#include "sema/cuda_arch_ban.h"
#include "support/gpu_arch.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/PreprocessorOutputOptions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {

bool isCirclePreprocessedOutput(const std::string& path) {
  auto head = llvm::MemoryBuffer::getFileSlice(path, 4096, 0);
  if (!head) return false;
  // Its first line marker names the prelude (frontend/prelude_files.h).
  return (*head)->getBuffer().contains(std::string(kPreludeFile) + "\" 1\n");
}

namespace {
constexpr llvm::StringLiteral kViewMarker = "#pragma circle view ";
}

std::string viewSectionMarker(const std::vector<int>& sms) {
  std::string line(kViewMarker);
  for (size_t i = 0; i < sms.size(); ++i) line += (i ? " " : "") + smName(sms[i]);
  return line + "\n";
}

std::optional<std::string> viewSection(llvm::StringRef text, int view) {
  std::string marker = ("\n" + kViewMarker).str();
  size_t first = text.find(marker);
  if (first == llvm::StringRef::npos) return std::nullopt;
  for (size_t at = first; at != llvm::StringRef::npos;) {
    size_t names = at + marker.size(), lineEnd = text.find('\n', names);
    if (lineEnd == llvm::StringRef::npos) break;
    llvm::SmallVector<llvm::StringRef, 8> sms;
    text.slice(names, lineEnd).split(sms, ' ', -1, /*KeepEmpty=*/false);
    size_t next = text.find(marker, lineEnd);
    if (view && llvm::is_contained(sms, smName(view)))
      return text.slice(lineEnd + 1, next == llvm::StringRef::npos ? text.size() : next + 1).str();
    at = next;
  }
  return text.take_front(first + 1).str();
}

bool PreprocessAction::BeginSourceFileAction(clang::CompilerInstance& ci) {
  // The same token rules as a compile (sema/cuda_arch_ban.h), and `if target` is
  // expanded to the condition the code-generation passes fold.
  clang::Preprocessor& pp = ci.getPreprocessor();
  watchPreambleEnd(pp, *files_.parse);
  auto perTarget = [this](llvm::StringRef file) { return files_.readsPerTarget(file); };
  auto hostView = [this](llvm::StringRef file) { return files_.keepsHostView(file); };
  if (ci.getLangOpts().CUDA) scopeNvccMacros(pp, hostView);
  pp.setTokenWatcher([ban = banCudaArch(pp, archSpecific_, perTarget, hostView),
                      gate = gateIfTargetMacro(pp)](const clang::Token& tok) {
    ban(tok);
    gate(tok);
  });
  return true;
}

void PreprocessAction::EndSourceFileAction() { files_.parse->pastPreamble = false; }

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
