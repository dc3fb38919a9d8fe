// -E and -M: the one translation unit circle parses, as text. It holds circle's
// prelude and the implicit CUDA includes, with `if target` already in its parsed
// form, so compiling it again (as .cui/.ii, the way ccache and distcc do) with the
// same options gives the same object.
#pragma once
#include "frontend/if_target_syntax.h"

#include "clang/Frontend/FrontendAction.h"

#include <optional>
#include <string>
#include <vector>

namespace circle {

// Whether `path` is circle's -E output (its prelude's line marker comes first): then it
// is compiled as preprocessed whatever -x says, since reading it again would declare
// the prelude and CUDA's implicit headers twice (distcc keeps CMake's `-x c++`).
bool isCirclePreprocessedOutput(const std::string& path);

// -E of a source whose targets read it differently (frontend/target_views.h) writes
// the host's view, then each other view after a line `#pragma circle view sm_90 ...`
// that names the targets reading it; compiling that output gives each target its
// own section, so ccache and distcc see and build what each target reads.
std::string viewSectionMarker(const std::vector<int>& sms);
// The section of `text` that target `view` (0: the host) reads: the text before the
// first marker unless a marker names the target. Nothing when `text` has no sections.
std::optional<std::string> viewSection(llvm::StringRef text, int view);

class PreprocessAction : public clang::PreprocessorFrontendAction {
public:
  // The text goes to `out` (nothing is kept for -M, which wants the rule only).
  // `archSpecificTargets`: a target is arch-specific (sm_90a), whose macros
  // sema/cuda_arch_ban.h then reports.
  // `files` says which files are read per target (frontend/if_target_syntax.h).
  PreprocessAction(std::string* out, bool archSpecificTargets, const SourceRespelling& files)
      : out_(out), archSpecific_(archSpecificTargets), files_(files) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override;
  void EndSourceFileAction() override;
  void ExecuteAction() override;

private:
  std::string* out_;
  bool archSpecific_;
  const SourceRespelling& files_;
};

} // namespace circle
