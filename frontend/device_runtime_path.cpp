#include "frontend/device_runtime_path.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <unistd.h>

namespace circle {

std::string circleExecutable() {
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void*>(&circleExecutable));
  if (!exe.empty()) return exe;
  char buf[4096];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return {};
  std::string path(buf, size_t(n));
  const std::string deleted = " (deleted)";
  if (llvm::StringRef(path).ends_with(deleted)) path.resize(path.size() - deleted.size());
  return path;
}

namespace {

// The directory above bin/, where circle's build (or installation) keeps lib/ and include/.
llvm::SmallString<256> installRoot() {
  std::string exe = circleExecutable();
  return llvm::SmallString<256>(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
}

} // namespace

std::string deviceRuntimePath() {
  if (const char* env = std::getenv("CIRCLE_DEVICE_RUNTIME"); env && *env) return env;
  llvm::SmallString<256> path = installRoot();
  llvm::sys::path::append(path, "lib", "circle", "device_runtime.bc");
  return std::string(path);
}

std::string circleIncludeDir() {
  llvm::SmallString<256> path = installRoot();
  llvm::sys::path::append(path, "include");
  return std::string(path);
}

} // namespace circle
