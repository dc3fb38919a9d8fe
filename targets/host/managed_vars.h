// __managed__ variables in the host module. Clang emits a host shadow for each and
// registers it with __cudaRegisterVar; for a managed variable the CUDA runtime
// instead wants __cudaRegisterManagedVar with the address of a pointer it fills in
// with the variable's unified-memory address once the module is loaded. Host code
// then reaches the variable through that pointer, after making sure the module is
// loaded (__cudaInitModule), as nvcc's host code does.
#pragma once
#include <set>
#include <string>

namespace llvm {
class Module;
}

namespace circle {

// Returns the symbol of a variable whose use it cannot redirect (its address in a
// global's initializer), or empty on success.
std::string redirectManagedVariables(llvm::Module& hostModule, const std::set<std::string>& managedSymbols);

} // namespace circle
