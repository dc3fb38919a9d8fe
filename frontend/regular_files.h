// Circle reads sources only from regular files (and stdin, '-'). Opening a FIFO that
// nobody writes waits forever and a device like /dev/zero never ends, so an #include of
// one, or an input that is one, is an error that says what the file is.
#pragma once
#include "llvm/ADT/IntrusiveRefCntPtr.h"

#include <string>

namespace llvm::vfs {
class FileSystem;
}

namespace circle {

// The file system `base` with every open of something other than a regular file
// refused; Clang reports the refusal at the #include ("cannot open file 'x': it is a
// FIFO, not a regular file...").
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> regularFilesOnly(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base);

// Why `path` cannot be read as a source ("it is a directory, not a regular file"), or
// empty when it is a regular file or does not exist.
std::string notARegularFile(const std::string& path);

} // namespace circle
