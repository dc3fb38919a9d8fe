#include "frontend/temp_files.h"

#include "frontend/diagnostics.h"

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
}

TempDir::~TempDir() { removeNow(); }

void TempDir::removeNow() {
  if (dir_.empty() || keep_) return;
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
  dir_.clear();
}

std::string TempDir::file(const std::string& name) const {
  llvm::SmallString<128> p(dir_);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

PendingOutputs::~PendingOutputs() { discard(); }

void PendingOutputs::discard() {
  if (committed_) return;
  for (auto& e : entries_) llvm::sys::fs::remove(e.temp);
  entries_.clear();
}

std::string PendingOutputs::add(const std::string& finalPath) {
  // "-" is standard output: written as it is produced, nothing to move.
  if (finalPath == "-") return finalPath;
  // Beside the final file, so the rename stays on one file system.
  std::string temp = finalPath + ".circle-tmp";
  entries_.push_back({temp, finalPath});
  return temp;
}

bool PendingOutputs::commit() {
  for (auto& e : entries_) {
    if (std::error_code ec = llvm::sys::fs::rename(e.temp, e.final)) {
      reportError("cannot write '" + e.final + "': " + ec.message());
      return false;
    }
  }
  committed_ = true;
  return true;
}

} // namespace circle
