#include "codegen/source_locations.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace circle {

clang::SourceLocation locateInSource(clang::SourceManager& sm, llvm::StringRef path, unsigned line, unsigned column) {
  auto file = sm.getFileManager().getOptionalFileRef(path);
  if (!file) return {};
  return sm.translateFileLineCol(*file, line, std::max(column, 1u));
}

bool isSystemHeaderFile(clang::SourceManager& sm, llvm::StringRef path) {
  auto file = sm.getFileManager().getOptionalFileRef(path);
  if (!file) return false;
  clang::FileID id = sm.translateFile(*file);
  return id.isValid() && sm.isInSystemHeader(sm.getLocForStartOfFile(id));
}

} // namespace circle
