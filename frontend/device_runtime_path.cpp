#include "frontend/device_runtime_path.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace circle {

std::string deviceRuntimePath() {
  if (const char* env = std::getenv("CIRCLE_DEVICE_RUNTIME"); env && *env) return env;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void*>(&deviceRuntimePath));
  llvm::SmallString<256> path(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(path, "lib", "circle", "device_runtime.bc");
  return std::string(path);
}

} // namespace circle
