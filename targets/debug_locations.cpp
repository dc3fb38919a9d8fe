#include "targets/debug_locations.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Path.h"

namespace circle {

std::string debugLocationPath(const llvm::DILocation& loc) {
  if (llvm::sys::path::is_absolute(loc.getFilename())) return loc.getFilename().str();
  llvm::SmallString<256> path(loc.getDirectory());
  llvm::sys::path::append(path, loc.getFilename());
  return std::string(path);
}

} // namespace circle
