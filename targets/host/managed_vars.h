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

// With -rdc (`linked`), the module handle reaches the object only as the argument of
// its register-globals callback, and a managed variable may be defined in another
// object: the pointer the runtime fills is then an external symbol (<name>.managed_ptr)
// defined where the variable is.
// Returns the symbol of a variable whose use it cannot redirect (its address in a
// global's initializer), or empty on success.
std::string redirectManagedVariables(llvm::Module& hostModule, const std::set<std::string>& managedSymbols,
                                     bool linked);

} // namespace circle
