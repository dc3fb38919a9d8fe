// Points the one ASTContext at another target for the length of a code-generation
// pass. Clang's CodeGen reads the target (data layout, ABI, address spaces, builtin
// lowering) and the CUDA side (LangOptions::CUDAIsDevice) from the ASTContext it is
// given; everything Sema decided stays as parsed.
#pragma once
#include "clang/Basic/LangOptions.h"

namespace clang {
class ASTContext;
class TargetInfo;
} // namespace clang

namespace circle {

class TargetSwitch {
public:
  // Switches `ctx` to `target`; `deviceSide` selects CUDA device code generation.
  // `langOpts` must be the object the ASTContext was created with.
  TargetSwitch(clang::ASTContext& ctx, clang::LangOptions& langOpts, const clang::TargetInfo& target,
               bool deviceSide);
  ~TargetSwitch();
  TargetSwitch(const TargetSwitch&) = delete;
  TargetSwitch& operator=(const TargetSwitch&) = delete;

private:
  clang::ASTContext& ctx_;
  clang::LangOptions& langOpts_;
  clang::LangOptions savedLangOpts_;
  const clang::TargetInfo* savedTarget_;
};

} // namespace circle
