#include "frontend/temp_files.h"

#include "support/diagnostics.h"
#include "support/interrupts.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <filesystem>

namespace circle {

namespace {

// Where temporary directories go, and which setting chose it.
std::string tempRoot(std::string& from) {
  for (const char* var : {"TMPDIR", "TMP", "TEMP", "TEMPDIR"})
    if (const char* v = std::getenv(var); v && *v) {
      from = std::string("$") + var;
      return v;
    }
  from = "the default";
  return "/tmp";
}

// A file system with less than this free cannot hold one sm's cubin of a large program.
constexpr uint64_t kNearlyFull = 1 << 20;

} // namespace

TempDir::TempDir(bool keep, const std::string& keepIn) : keep_(keep) {
  if (keep && !keepIn.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(keepIn)) {
      reportError("cannot create the directory '" + keepIn + "' to keep intermediate files in: " + ec.message());
      return;
    }
    dir_ = keepIn;
    where_ = "the directory '" + keepIn + "' that keeps the intermediate files";
    return;
  }
  std::string from;
  std::string root = tempRoot(from);
  where_ = "the temporary directory '" + root + "' (" + from + ")";
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("circle", dir)) {
    reportError("cannot create a temporary directory in '" + root + "' (" + from + "): " + ec.message() +
                "; set TMPDIR to a writable directory");
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

std::string TempDir::trouble() const {
  if (dir_.empty()) return "";
  if (!llvm::sys::fs::is_directory(dir_)) return "the scratch directory '" + dir_ + "' was removed while circle ran";
  auto space = llvm::sys::fs::disk_space(dir_);
  if (space && space->available < kNearlyFull)
    return "the file system of " + where_ + " is full: " + std::to_string(space->available) + " bytes free";
  return "";
}

std::string TempDir::file(const std::string& name) const {
  llvm::SmallString<128> p(dir_);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

} // namespace circle
