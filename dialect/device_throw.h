// `throw` in a __global__ function. Clang refuses a throw expression in a kernel while
// it parses (circle's one parse is the host's, where an untagged function's throw is
// accepted and each target's code generation emits its own; a __device__ function's
// is let through, sema/clang_wording.cpp), so in a kernel's body `throw e` is
// respelled `(::__circle_throw(e), ::__circle_thrown{})` and `throw` alone
// `(::__circle_rethrow(), ::__circle_thrown{})`: templates of circle's prelude whose
// throw Clang accepts (dialect/dialect_prelude.cpp), which print what was thrown and
// trap (libdevice-c/runtime/exceptions.cpp). A throw inside a kernel's try statement is
// not respelled: the statement becomes a lambda (dialect/device_try.h), where the throw
// is an ordinary one its handlers catch. A respelled throw in a conditional operator
// (`c ? x : throw e`) keeps the other operand's type.
#pragma once
#include "dialect/rewrite_plan.h"

namespace circle {

bool holdsThrow(const std::vector<RawToken>& statement);

// The statement with each throw respelled.
RewritePlan planDeviceThrows(const std::vector<RawToken>& statement);

} // namespace circle
