// The host stubs Clang generates for kernels (what a <<<>>> launch calls), found by
// the registration call that pairs each with its kernel's device symbol.
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

} // namespace circle
