// What a dialect rewrite hands the preprocessor: the statement's tokens again, in a
// new order, with standard C++ pieces between them. Pieces that repeat a user's token
// keep that token's source location; new ones are placed at the user's token they
// stand for (`anchor`), so a diagnostic inside a rewritten statement shows the line
// and column the user wrote.
#pragma once
#include "frontend/raw_tokens.h"

#include <string>
#include <vector>

namespace circle {

struct PlanPiece {
  // Index of a token of the input, or -1 for `text` (standard C++, one or more tokens).
  long original = -1;
  std::string text;
  size_t anchor = 0; // the input token new text is reported at
};

class RewritePlan {
public:
  void keep(size_t token) { pieces_.push_back({(long)token, {}, token}); }
  void keep(size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) keep(i);
  }
  void add(std::string text, size_t anchor) { pieces_.push_back({-1, std::move(text), anchor}); }
  void append(const RewritePlan& other) { pieces_.insert(pieces_.end(), other.pieces_.begin(), other.pieces_.end()); }
  const std::vector<PlanPiece>& pieces() const { return pieces_; }
  bool empty() const { return pieces_.empty(); }

private:
  std::vector<PlanPiece> pieces_;
};

// A construct circle recognises but cannot take as written: said at `token`.
struct DialectError {
  size_t token = 0;
  std::string message;
};

inline bool opensBracket(clang::tok::TokenKind k) {
  return k == clang::tok::l_paren || k == clang::tok::l_square || k == clang::tok::l_brace;
}
inline bool closesBracket(clang::tok::TokenKind k) {
  return k == clang::tok::r_paren || k == clang::tok::r_square || k == clang::tok::r_brace;
}

// Index of the token that closes the bracket opened at `open` ('(', '[' or '{'),
// or npos when the tokens end first.
size_t matchingClose(const std::vector<RawToken>& t, size_t open);
// The unmatched bracket ('(', '[' or '{') before t[at], not before t[from]; npos when none.
size_t enclosingOpen(const std::vector<RawToken>& t, size_t from, size_t at);

// The first ':' in t[from, to) outside brackets that no '?' before it owns (a
// range-for's, a case label's, a slice's or range's begin:end), or npos; the scan ends
// at a bracket that closes one opened before `from`.
size_t freeColon(const std::vector<RawToken>& t, size_t from, size_t to);

} // namespace circle
