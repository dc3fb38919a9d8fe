// nvcc's __CUDA_ARCH__ guards, read in one pass. A two-pass compiler preprocesses a
// file once per target; circle parses it once. Where the guard sits around whole
// statements in a function body, the same choice can be made where code is generated:
//
//     #if __CUDA_ARCH__ >= 800            if target(__nvvm_current_device_sm == 90) {
//       fast();                 becomes     #if 900 >= 800 ... #endif   (fast();)
//     #else                               } else {
//       slow();                             #if 0 >= 800 ... #endif     (slow();)
//     #endif                              }
//
// one copy of the guarded lines per group of targets that preprocess them alike, each
// with __CUDA_ARCH__ replaced by that target's value (the host's: undefined), so any
// condition the preprocessor can evaluate works (other macros, defined(), #elif
// chains, nested guards). A guard whose branches declare something stays visible
// after #endif: then the rest of the enclosing block joins each copy. `#line`
// directives keep every diagnostic at the user's line. Inside function bodies a
// __CUDA_ARCH__ in an expression becomes `(__nvvm_current_device_sm * 10)`. The macros
// only an arch-specific sm defines (sm_90a: __CUDA_ARCH_FEAT_SM90_ALL, __CUDA_ARCH_SPECIFIC__,
// __CUDA_ARCH_FAMILY_SPECIFIC__) are read the same way in guards, and such a target's
// copy is chosen by `__nvvm_arch`, since sm_90 and sm_90a share the sm number.
//
// What cannot be expressed this way (a guard at namespace or class scope that changes
// declarations, one that splits a statement or a brace pair, case labels, a macro
// defined with __CUDA_ARCH__ in its body) is left as written: only each target's own
// view of the file can read it (viewForTarget), and frontend/target_views.h decides
// which targets then need a front-end pass of their own.
#pragma once
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace circle {

struct CudaArchRewrite {
  std::optional<std::string> text; // the rewritten file; nothing when it needs no rewrite
  bool perTarget = false;          // a per-target macro is left that only each target's view can read
};

// `sms` are the targets whose copies the rewrite writes, the host's too unless `host`
// is false (a pass that generates only some targets needs only theirs); `path` names
// the file in the #line directives.
CudaArchRewrite rewriteCudaArchGuards(llvm::StringRef text, llvm::StringRef path, const std::vector<int>& sms,
                                      bool host = true);

// The file as target `sm` preprocesses it, for a text rewriteCudaArchGuards left
// per-target: each __CUDA_ARCH__ (and arch-specific macro) left in it is that target's
// value (`#ifdef` becomes `#if 1` or `#if 0`, `defined(...)` 1 or 0), in directives,
// macro bodies and code alike. Nothing when nothing changes.
std::optional<std::string> viewForTarget(llvm::StringRef text, llvm::StringRef path, int sm);

} // namespace circle
