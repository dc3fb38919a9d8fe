// A file's tokens as Clang's raw lexer sees them (no preprocessing): what circle's
// source respellings (frontend/if_target_syntax.h, frontend/cuda_arch_branches.h)
// read, with comments, strings and line continuations handled by Clang.
#pragma once
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace circle {

struct RawToken {
  clang::tok::TokenKind kind;
  size_t offset, length;
  llvm::StringRef text;
  bool atLineStart = false; // first token of a line (a '#' there starts a directive)
  bool is(llvm::StringRef word) const { return kind == clang::tok::raw_identifier && text == word; }
};

std::vector<RawToken> rawTokens(llvm::StringRef text);

} // namespace circle
