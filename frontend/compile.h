// One circle run: parse once, generate every target, write the outputs.
#pragma once

namespace circle {
struct Options;

// Returns the process exit status: 0, or 1 after printing diagnostics.
int compile(const Options& opts);

} // namespace circle
