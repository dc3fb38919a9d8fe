// Places read from a lowered module's line tables (a path, a line, a column), turned
// back into the parse's source locations so that problems found after code
// generation are reported like Clang's own diagnostics.
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class SourceManager;
}

namespace circle {

// Invalid when the parse never read `path`. Column 0 (unknown) is the line's start.
clang::SourceLocation locateInSource(clang::SourceManager& sm, llvm::StringRef path, unsigned line, unsigned column);

// Whether the parse read `path` as a system header.
bool isSystemHeaderFile(clang::SourceManager& sm, llvm::StringRef path);

} // namespace circle
