// One circle command: the toolkit, every source's compile, the link, and the outputs
// put in place only when all of it succeeded.
#pragma once
#include <string>

namespace circle {
struct Options;

// Returns the process exit status: 0, or 1 after printing diagnostics.
int runCommand(const Options& opts);

// --version's last lines, in nvcc's words, for the toolkit circle would use: nvcc's
// banner (CMake's test for an NVIDIA compiler: frontend/nvcc_identity.h) and "Cuda
// compilation tools, release 13.0, V13.0.88", where build tools read the CUDA version
// (Meson takes what follows the last 'V'). Empty without a toolkit.
std::string toolkitVersionLine(const Options& o);

} // namespace circle
