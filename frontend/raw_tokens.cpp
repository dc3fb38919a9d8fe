#include "frontend/raw_tokens.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

namespace circle {

std::vector<RawToken> rawTokens(llvm::StringRef text) {
  clang::LangOptions lang;
  lang.CPlusPlus = lang.CPlusPlus11 = lang.CPlusPlus14 = lang.CPlusPlus17 = lang.CPlusPlus20 = 1;
  // Offsets come back through token locations; they start at 1, since 0 is invalid.
  clang::Lexer lexer(clang::SourceLocation::getFromRawEncoding(1), lang, text.begin(), text.begin(), text.end());
  std::vector<RawToken> tokens;
  clang::Token tok;
  while (true) {
    lexer.LexFromRawLexer(tok);
    if (tok.is(clang::tok::eof)) break;
    size_t offset = tok.getLocation().getRawEncoding() - 1;
    tokens.push_back({tok.getKind(), offset, tok.getLength(), text.substr(offset, tok.getLength()), tok.isAtStartOfLine()});
  }
  return tokens;
}

} // namespace circle
