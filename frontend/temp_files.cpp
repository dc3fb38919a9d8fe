#include "frontend/temp_files.h"

#include "support/diagnostics.h"
#include "support/interrupts.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <filesystem>

namespace circle {

TempDir::TempDir(bool keep) : keep_(keep) {
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("circle", dir)) {
    reportError("cannot create a temporary directory");
    return;
  }
  dir_ = std::string(dir);
  if (!keep_) interrupts::trackDirectory(dir_);
}

TempDir::~TempDir() { removeNow(); }

void TempDir::removeNow() {
  if (dir_.empty() || keep_) return;
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
  interrupts::untrackDirectory(dir_);
  dir_.clear();
}

std::string TempDir::file(const std::string& name) const {
  llvm::SmallString<128> p(dir_);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

} // namespace circle
