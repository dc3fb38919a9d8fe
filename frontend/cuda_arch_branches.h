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
// declarations, one that splits a statement or a brace pair, case labels) is left as
// written, where sema/cuda_arch_ban.h reports it.
#pragma once
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace circle {

// The rewritten text, or nothing when `text` needs none. `sms` are the compile's
// targets; `path` names the file in the #line directives.
std::optional<std::string> rewriteCudaArchGuards(llvm::StringRef text, llvm::StringRef path,
                                                 const std::vector<int>& sms);

} // namespace circle
