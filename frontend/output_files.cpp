#include "frontend/output_files.h"

#include "support/diagnostics.h"
#include "support/interrupts.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace circle {
namespace {

std::string errnoText() { return std::strerror(errno); }

// Copies `from` into an open descriptor; "" or what failed.
std::string copyInto(const std::string& from, int to) {
  int in = open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return errnoText();
  char buf[1 << 16];
  std::string err;
  for (;;) {
    ssize_t n = read(in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) err = errnoText();
    if (n <= 0) break;
    for (ssize_t done = 0; done < n && err.empty();) {
      ssize_t w = write(to, buf + done, n - done);
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) err = errnoText();
      else done += w;
    }
    if (!err.empty()) break;
  }
  close(in);
  return err;
}

} // namespace

PendingOutputs::~PendingOutputs() { discard(); }

void PendingOutputs::protect(const std::string& input) {
  struct stat st;
  if (stat(input.c_str(), &st) == 0 && S_ISREG(st.st_mode)) inputs_.emplace(std::make_pair(st.st_dev, st.st_ino), input);
}

bool PendingOutputs::resolve(const std::string& finalPath, Target& target) {
  if (finalPath == "-") {
    target = {finalPath, Kind::Stdout};
    return true;
  }
  if (finalPath.empty()) {
    reportError("an empty output file name");
    return false;
  }
  std::string path = finalPath;
  for (int hops = 0;; ++hops) {
    struct stat st;
    if (lstat(path.c_str(), &st) != 0) {
      if (errno != ENOENT) {
        reportError("cannot write '" + finalPath + "': " + errnoText());
        return false;
      }
      target = {path, Kind::Replace}; // a new file
      return true;
    }
    if (S_ISLNK(st.st_mode)) {
      if (hops == 40) {
        reportError("cannot write '" + finalPath + "': too many levels of symbolic links");
        return false;
      }
      char buf[4096];
      ssize_t n = readlink(path.c_str(), buf, sizeof buf - 1);
      if (n < 0) {
        reportError("cannot write '" + finalPath + "': " + errnoText());
        return false;
      }
      llvm::SmallString<256> link(llvm::StringRef(buf, n));
      if (llvm::sys::path::is_relative(link)) {
        llvm::SmallString<256> joined(llvm::sys::path::parent_path(path));
        llvm::sys::path::append(joined, link);
        link = joined;
      }
      path = std::string(link);
      continue;
    }
    auto input = inputs_.find({st.st_dev, st.st_ino});
    if (input != inputs_.end()) {
      reportError("the output '" + finalPath + "' is the input '" + input->second +
                  "': circle never overwrites a file it reads (choose another -o)");
      return false;
    }
    if (S_ISDIR(st.st_mode)) {
      reportError("cannot write '" + finalPath + "': it is a directory");
      return false;
    }
    target = {path, S_ISREG(st.st_mode) ? Kind::Replace : Kind::WriteThrough};
    return true;
  }
}

bool PendingOutputs::check(const std::string& finalPath) {
  Target target;
  return resolve(finalPath, target);
}

std::string PendingOutputs::add(const std::string& finalPath) {
  Entry e;
  e.shown = finalPath;
  if (!resolve(finalPath, e.target)) return {};
  for (const Entry& other : entries_)
    if (other.target.kind != Kind::Stdout && other.target.path == e.target.path) {
      reportError("two outputs of this compile would be written to '" + finalPath + "'");
      return {};
    }
  // Replaced files wait beside themselves, so the rename stays on one file system;
  // written-through ones in the scratch directory.
  llvm::SmallString<256> model;
  if (e.target.kind == Kind::Replace) {
    llvm::StringRef dir = llvm::sys::path::parent_path(e.target.path);
    model = dir.empty() ? "." : dir;
    llvm::sys::path::append(model, "." + llvm::sys::path::filename(e.target.path).str() + "-%%%%%%%%.circle-tmp");
  } else {
    model = scratch_;
    llvm::sys::path::append(model, "output-%%%%%%%%");
  }
  int fd;
  llvm::SmallString<256> temp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temp, llvm::sys::fs::OF_None,
                                                          llvm::sys::fs::all_read | llvm::sys::fs::all_write)) {
    reportError("cannot write '" + finalPath + "': " + ec.message());
    return {};
  }
  close(fd);
  e.temp = std::string(temp);
  interrupts::trackFile(e.temp);
  entries_.push_back(e);
  return e.temp;
}

bool PendingOutputs::commit() {
  bool ok = true;
  for (Entry& e : entries_) {
    std::string err;
    if (e.target.kind == Kind::Replace) {
      if (std::error_code ec = llvm::sys::fs::rename(e.temp, e.target.path)) err = ec.message();
    } else if (e.target.kind == Kind::Stdout) {
      llvm::outs().flush();
      err = copyInto(e.temp, STDOUT_FILENO);
    } else {
      // No O_CREAT, no O_TRUNC: a device or FIFO is written, never made or emptied.
      int fd = open(e.target.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (fd < 0) err = errnoText();
      else {
        err = copyInto(e.temp, fd);
        close(fd);
      }
    }
    if (!err.empty()) {
      reportError("cannot write '" + e.shown + "': " + err);
      ok = false;
    }
    if (e.target.kind != Kind::Replace || !err.empty()) llvm::sys::fs::remove(e.temp);
    interrupts::untrackFile(e.temp);
  }
  entries_.clear();
  committed_ = true;
  return ok;
}

void PendingOutputs::discard() {
  if (committed_) return;
  for (auto& e : entries_) {
    llvm::sys::fs::remove(e.temp);
    interrupts::untrackFile(e.temp);
  }
  entries_.clear();
}

bool writeOutputFile(const std::string& path, llvm::StringRef data) {
  if (path.empty()) return false;
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    reportError("cannot write '" + path + "': " + ec.message());
    return false;
  }
  os << data;
  return true;
}


} // namespace circle
