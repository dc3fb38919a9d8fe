// Where circle's device runtime (libdevice-c/) is installed, beside the compiler:
// <prefix>/bin/circle and <prefix>/lib/circle/device_runtime.bc.
#pragma once
#include <string>

namespace circle {

// CIRCLE_DEVICE_RUNTIME overrides it (the build tree's tests use the built one).
std::string deviceRuntimePath();

} // namespace circle
