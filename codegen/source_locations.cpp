#include "codegen/source_locations.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/HeaderSearch.h"

#include <algorithm>

namespace circle {

clang::SourceLocation locateInSource(clang::SourceManager& sm, llvm::StringRef path, unsigned line, unsigned column) {
  auto file = sm.getFileManager().getOptionalFileRef(path);
  if (!file) return {};
  return sm.translateFileLineCol(*file, line, std::max(column, 1u));
}

bool isSystemHeaderFile(const clang::HeaderSearch& headers, llvm::StringRef path) {
  auto file = headers.getFileMgr().getOptionalFileRef(path);
  if (!file) return false;
  const clang::HeaderFileInfo* info = headers.getExistingFileInfo(*file);
  return info && clang::SrcMgr::isSystem(static_cast<clang::SrcMgr::CharacteristicKind>(info->DirInfo));
}

} // namespace circle
