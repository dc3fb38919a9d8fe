// nvcc's names for what Clang's options already do (--include-path for -I,
// --machine 64 for -m64...), read as the words Clang's driver table knows, so they
// go where Clang's own spellings go. The options are CircleOptions.td's with the
// ClangSpelling flag.
#pragma once
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace circle {

struct ClangWords {
  std::vector<std::string> words; // what Clang reads instead
  std::vector<std::string> notes; // parts with no meaning in circle, said once each
  std::string error;              // a value with no meaning at all
};

// nvcc's comma-separated lists (-Xcompiler's values, --linker-options, -Werror's
// kinds), empty parts left out.
llvm::SmallVector<llvm::StringRef, 4> nvccList(llvm::StringRef list);

// `id` is a ClangSpelling option of circle::opt; `value` its argument (if any).
ClangWords clangWordsFor(unsigned id, const std::string& value);

// nvcc's -Werror takes a list of kinds (all-warnings, reorder...); Clang's -Werror is
// a flag. Whether the word after a -Werror is such a list.
bool isNvccWarningKinds(llvm::StringRef word);
// The list as Clang's warning options.
ClangWords clangWordsForWarningKinds(llvm::StringRef kinds);

} // namespace circle
