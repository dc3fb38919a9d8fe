// Device stdio's host half (libdevice-c/host_io/). A device module whose code uses
// stdio keeps the runtime's __circle_host_io_channel; its host object then registers
// that variable, links the server (host_io.bc, beside device_runtime.bc) and calls
// __circle_host_io_attach before every launch it makes, which gives the module a
// channel on the current GPU the first time and wakes the server thread after.
#pragma once
#include <string>

namespace llvm {
class Module;
}

namespace circle {

// After the device link: whether the module's kernels reach device stdio.
bool deviceModuleUsesHostIo(const llvm::Module& device);

// Returns an error, or empty.
std::string attachHostIo(llvm::Module& host, const std::string& serverBitcode);

// Where the server's bitcode is: beside the device runtime's.
std::string hostIoServerPath(const std::string& deviceRuntime);

} // namespace circle
