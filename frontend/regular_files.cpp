#include "frontend/regular_files.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <system_error>

namespace circle {
namespace {

using llvm::sys::fs::file_type;

const char* kindOf(file_type t) {
  switch (t) {
  case file_type::directory_file: return "a directory";
  case file_type::fifo_file: return "a FIFO";
  case file_type::socket_file: return "a socket";
  case file_type::block_file:
  case file_type::character_file: return "a device";
  default: return "a special file";
  }
}

// The error code's value is the file_type; its message is what Clang prints after
// "cannot open file 'x': ".
class NotRegularCategory : public std::error_category {
public:
  const char* name() const noexcept override { return "circle.not_regular"; }
  std::string message(int type) const override {
    return std::string("it is ") + kindOf(static_cast<file_type>(type)) +
           ", not a regular file; circle reads sources only from regular files and stdin";
  }
};

const NotRegularCategory& notRegularCategory() {
  static NotRegularCategory c;
  return c;
}

class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    // stat() does not wait on a FIFO; open() does.
    auto st = status(path);
    // A directory keeps Clang's own answer ("file not found" for an #include): its
    // header search skips directories.
    if (st && !st->isRegularFile() && !st->isDirectory())
      return std::error_code(static_cast<int>(st->getType()), notRegularCategory());
    return ProxyFileSystem::openFileForRead(path);
  }
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> regularFilesOnly(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  return llvm::makeIntrusiveRefCnt<RegularFilesOnly>(std::move(base));
}

std::string notARegularFile(const std::string& path) {
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(path, st) || st.type() == file_type::regular_file) return "";
  return notRegularCategory().message(static_cast<int>(st.type()));
}

} // namespace circle
