// The library half of Circle's language: what the respelled statements
// (dialect/range_for.h, dialect/pack_expansion.h) call. Part of circle's prelude
// (sema/implicit_prelude.h), so it is declared before the user's first line; every
// function is constexpr, which makes it callable from host and device code alike.
#pragma once
#include <string>

namespace circle {

std::string dialectPreludeText();

} // namespace circle
