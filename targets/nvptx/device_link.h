// Turns one device pass's module into what the GPU will run: the kernels, the
// device variables, everything they reach, and the libraries they call into.
#pragma once
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace circle {

struct DeviceLinkResult {
  bool ok = true;
  std::vector<std::string> errors; // one message per problem, already worded for the user
};

// Links CUDA's libdevice (only what is used), keeps kernels and device variables
// externally visible, internalizes and drops everything else, and reports functions a
// kernel reaches that have no device definition.
DeviceLinkResult linkDeviceModule(llvm::Module& module, const std::string& libdevicePath);

} // namespace circle
