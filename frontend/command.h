// One circle command: the toolkit, every source's compile, the link, and the outputs
// put in place only when all of it succeeded.
#pragma once

namespace circle {
struct Options;

// Returns the process exit status: 0, or 1 after printing diagnostics.
int runCommand(const Options& opts);

} // namespace circle
