#include "frontend/prelude_files.h"

#include "frontend/preamble_pch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {

std::string preludeFilePath(const std::string& fileName, const std::string& text, const std::string& fallback) {
  std::string cache = circleCacheDir();
  if (cache.empty()) return fallback;
  llvm::SmallString<256> dir(cache);
  llvm::sys::path::append(dir, "prelude-" + llvm::utohexstr(llvm::xxh3_64bits(text), /*LowerCase=*/true));
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, fileName);
  uint64_t size = 0;
  if (!llvm::sys::fs::file_size(path, size) && size == text.size()) return std::string(path);
  if (llvm::sys::fs::create_directories(dir)) return fallback;
  // Under a temporary name, then renamed: a parallel compile sees the whole file or none.
  llvm::SmallString<256> temp;
  int fd;
  if (llvm::sys::fs::createUniqueFile(llvm::Twine(path) + ".tmp-%%%%%%", fd, temp)) return fallback;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      llvm::sys::fs::remove(temp);
      return fallback;
    }
  }
  if (llvm::sys::fs::rename(temp, path)) {
    llvm::sys::fs::remove(temp);
    return fallback;
  }
  return std::string(path);
}

} // namespace circle
