// `throw` in a __device__ or __global__ function. Clang refuses a throw expression in
// device-only code while it parses (circle's one parse is the host's, where an untagged
// function's throw is accepted and each target's code generation emits its own), so
// in such bodies `throw e` is respelled `(::__circle_throw(e), ::__circle_thrown{})`
// and `throw` alone `(::__circle_rethrow(), ::__circle_thrown{})`: templates of
// circle's prelude whose throw Clang accepts (dialect/dialect_prelude.cpp).
// The device's code generation then emits the usual __cxa_allocate_exception and
// __cxa_throw, which circle's device runtime serves (libdevice-c/runtime/exceptions.cpp:
// it prints what was thrown and traps). A respelled throw in a conditional operator
// (`c ? x : throw e`) keeps the other operand's type.
#pragma once
#include "dialect/rewrite_plan.h"

namespace circle {

bool holdsThrow(const std::vector<RawToken>& statement);

// The statement with each throw respelled.
RewritePlan planDeviceThrows(const std::vector<RawToken>& statement);

} // namespace circle
