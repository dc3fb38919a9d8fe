// The host stubs Clang generates for kernels (what a <<<>>> launch calls), found by
// the registration calls (__cudaRegisterFunction) that pair each with its kernel's
// device symbol, and the function that makes those calls.
#pragma once
#include <map>
#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace circle {

// Device symbol -> stub.
std::map<std::string, llvm::Function*> stubsByDeviceName(llvm::Module& host);

// The function (Clang's __cuda_register_globals) that registers each kernel and
// device variable with the module handle, its one parameter; null with no kernels.
llvm::Function* registrationFunction(llvm::Module& host);

} // namespace circle
