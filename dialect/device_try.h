// `try` in a __global__ body. Clang refuses it while it parses (circle's one parse is
// the host's, where a kernel is device code), and a kernel cannot be generated the way
// circle gives device functions their handlers (codegen/exception_islands.h: CUDA mode
// must generate a kernel). So a kernel's try statement is respelled as a lambda called
// at once, `[&]() -> void { try ... catch ... }();`, whose call operator is such a
// function. Nothing may leave the statement but by its end: a try holding `return`,
// `break`, `continue`, `goto` or a coroutine keyword is left to Clang's error. The
// statements inside are not read for Circle's other syntax.
#pragma once
#include "dialect/rewrite_plan.h"

#include <optional>

namespace circle {

// `statement` is `try { ... } catch (...) { ... } ...`, read up to its last handler.
std::optional<RewritePlan> planDeviceTry(const std::vector<RawToken>& statement);

} // namespace circle
