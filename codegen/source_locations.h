// Places read from a lowered module's line tables (a path, a line, a column), turned
// back into the parse's source locations so that problems found after code
// generation are reported like Clang's own diagnostics.
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class HeaderSearch;
class SourceManager;
} // namespace clang

namespace circle {

// Invalid when the parse never read `path`. Column 0 (unknown) is the line's start.
clang::SourceLocation locateInSource(clang::SourceManager& sm, llvm::StringRef path, unsigned line, unsigned column);

// Whether the parse read `path` as a system header. Header search remembers each
// header's kind; the source manager would search its entries for the file (with a
// PCH, loading every entry it holds: ~100 M instructions a question).
bool isSystemHeaderFile(const clang::HeaderSearch& headers, llvm::StringRef path);

} // namespace circle
