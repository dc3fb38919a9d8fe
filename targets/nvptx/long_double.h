// `long double` on the GPU. The device has no 80-bit floating point: circle computes
// long double as double there, while its size and alignment stay the host's (Clang's
// device target copies them), so a struct with a long double member has the same
// layout on both sides. Clang's device code generation already gives long double
// values the type double, but constants (literals, constant-folded expressions,
// initializers of device variables, the argument buffer of printf) keep the host's
// x87 format: NVPTX cannot print them (a crash) or, worse, a double read back from an
// x87 store is undefined and the optimizer drops the computation (silently wrong
// code). This pass turns each such constant into the double it stands for, gives
// printf's "%Lf" its double meaning, and names what it cannot lower.
#pragma once
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

// Rewrites the module's x87 constants as doubles. Returns the names of functions and
// variables that still hold an x87 value (none is known to remain; each is an error).
std::vector<std::string> lowerLongDouble(llvm::Module& m);

} // namespace circle
