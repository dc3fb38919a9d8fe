// Where circle's own files are installed, beside the compiler: <prefix>/bin/circle,
// the device runtime (libdevice-c/) in <prefix>/lib/circle/device_runtime.bc and the
// host headers (circle/vulkan.hpp) in <prefix>/include.
#pragma once
#include <string>

namespace circle {

// The running compiler's path, also after the file was replaced under it (an install
// during a build): /proc/self/exe then reads "<path> (deleted)", which LLVM's lookup
// refuses, and the directory holds the new compiler and its lib/ and include/.
std::string circleExecutable();

// CIRCLE_DEVICE_RUNTIME overrides it (the build tree's tests use the built one).
std::string deviceRuntimePath();

std::string circleIncludeDir();

} // namespace circle
