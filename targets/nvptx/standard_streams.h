// std::cout and its siblings on the device are built by the first thread that needs
// them (libdevice-c/runtime/standard_streams.cpp): a GPU runs no static
// constructors. A module that names one gets a call of the runtime's builder at the
// entry of each of its kernels; the others pay nothing.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Before the runtime is linked. Returns whether the module names a standard stream.
bool buildStandardStreamsOnEntry(llvm::Module& m);

} // namespace circle
