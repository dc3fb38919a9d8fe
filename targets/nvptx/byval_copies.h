// With 32-bit local and shared pointers (nvcc's choice, and circle's for optimised
// device code: targets/nvptx/sm_targets.h), LLVM 22's NVPTX back end fails ("Copy one
// register into another with a different width") on device functions that take a
// struct by value (byval) and return its address, or load a pointer out of it (found
// in std::sort of std::pair<std::string, int>). Every byval argument of a device
// function is first copied into a local object of the function's own, which the back
// end lowers without fault.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Returns how many arguments were copied.
int copyByvalArguments(llvm::Module& m);

} // namespace circle
