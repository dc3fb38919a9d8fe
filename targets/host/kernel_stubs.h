// The host stubs Clang generates for kernels (what a <<<>>> launch calls), found by
// the registration calls (__cudaRegisterFunction) that pair each with its kernel's
// device symbol, and the function that makes those calls.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace llvm {
class Function;
class GlobalVariable;
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace circle {

// Device symbol -> stub.
std::map<std::string, llvm::Function*> stubsByDeviceName(llvm::Module& host);

// The function (Clang's __cuda_register_globals) that registers each kernel and
// device variable with the module handle, its one parameter; null with no kernels.
llvm::Function* registrationFunction(llvm::Module& host);

// Registers the device module's pointer variable `deviceName` with `handle` before `at`
// and returns its host shadow (null, internal; `prefix`_shadow, the name's string
// `prefix`_name), through which cudaMemcpyToSymbol writes the device's copy.
llvm::GlobalVariable* registerDevicePointer(llvm::Module& host, llvm::Instruction* at, llvm::Value* handle,
                                            const std::string& deviceName, const std::string& prefix);

// Where a launch begins: each stub's entry, and each launch the source makes itself
// with the runtime's functions (cudaLaunchKernel...). What must happen before a
// kernel runs (device stdio's channel, host variables' addresses) goes there. A kernel
// launched only from another source or through a graph is not seen.
std::vector<llvm::Instruction*> launchSites(llvm::Module& host);

// A kernel's `long double` parameter: the device computes long double as double, so
// each stub stores the argument's double value over the start of its 16-byte x87 slot,
// where the kernel reads it. Returns how many arguments it converted.
int passLongDoubleArgumentsAsDouble(llvm::Module& host);

// Links one of circle's host runtimes (bitcode beside the device runtime's), its
// definitions made the program's one copy (linkonce_odr, hidden): every object that
// needs it carries it. `what` names it in the error returned; empty on success.
std::string linkHostRuntime(llvm::Module& host, const std::string& bitcodePath, const std::string& what);

} // namespace circle
