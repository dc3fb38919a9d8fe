// -E and -M: the one translation unit circle parses, as text. It holds circle's
// prelude and the implicit CUDA includes, with `if target` already in its parsed
// form, so compiling it again (as .cui/.ii, the way ccache and distcc do) with the
// same options gives the same object.
#pragma once
#include "clang/Frontend/FrontendAction.h"

#include <string>

namespace circle {

// Whether `path` is circle's -E output (its prelude's line marker comes first): then it
// is compiled as preprocessed whatever -x says, since reading it again would declare
// the prelude and CUDA's implicit headers twice (distcc keeps CMake's `-x c++`).
bool isCirclePreprocessedOutput(const std::string& path);

class PreprocessAction : public clang::PreprocessorFrontendAction {
public:
  // The text goes to `out` (nothing is kept for -M, which wants the rule only).
  // `archSpecificTargets`: a target is arch-specific (sm_90a), whose macros
  // sema/cuda_arch_ban.h then reports.
  PreprocessAction(std::string* out, bool archSpecificTargets) : out_(out), archSpecific_(archSpecificTargets) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override;
  void ExecuteAction() override;

private:
  std::string* out_;
  bool archSpecific_;
};

} // namespace circle
