#include "dialect/dialect_takeover.h"

namespace circle {

clang::Lexer* DialectTakeover::fileLexerAfter(const clang::Token& tok) {
  clang::SourceLocation loc = tok.getLocation();
  if (!loc.isFileID() || sm_.isInSystemHeader(loc)) return nullptr;
  clang::PreprocessorLexer* current = pp_.getCurrentLexer();
  if (!current || current != pp_.getCurrentFileLexer() || current->getFileID() != sm_.getFileID(loc))
    return nullptr;
  auto* lexer = static_cast<clang::Lexer*>(current);
  bool invalid = false;
  const char* end = sm_.getCharacterData(loc, &invalid) + tok.getLength();
  return !invalid && lexer->getBufferLocation() == end ? lexer : nullptr;
}

bool DialectTakeover::bracedInitializer(const std::vector<RawToken>& r) {
  if (r.size() < 2) return false;
  const RawToken& before = r[r.size() - 2];
  if (before.kind == tok::equal || before.kind == tok::r_square) return true;
  if (before.kind != tok::raw_identifier && before.kind != tok::greater) return false;
  for (const RawToken& t : r) // a trailing return type: `auto f() -> T {` opens a body
    if (t.kind == tok::arrow) return false;
  for (const char* word : {"else", "do", "try", "struct", "class", "union", "enum", "namespace", "extern",
                           "const", "override", "final", "noexcept", "mutable", "requires"})
    if (before.is(word) || (r[0].is(word) && std::string_view(word) != "const")) return false;
  return !r[0].is("template") && !r[0].is("typedef") && !r[0].is("using");
}

bool DialectTakeover::readStatement(clang::Lexer& lexer, Lookahead& out) {
  int depth = 0;
  bool meta = false; // `@meta` at depth 0, maybe after an if/else/loop/label: its braced body is in the statement
  return readAhead(lexer, out, [&](const RawToken& t) {
    const std::vector<RawToken>& r = out.raw;
    if (depth == 0 && r.size() > 1 && t.is("meta") && r[r.size() - 2].kind == tok::unknown && r[r.size() - 2].text == "@")
      meta = true;
    if (meta && t.kind == tok::r_brace && depth == 1) return Read::Done;
    if (t.kind == tok::l_brace && depth == 0 && !meta && !bracedInitializer(r)) return Read::Stop;
    if (opensBracket(t.kind)) ++depth;
    else if (closesBracket(t.kind))
      return depth-- == 0 ? Read::Stop : Read::More;
    else if (t.kind == tok::semi && depth == 0) return Read::Done;
    return Read::More;
  });
}

bool DialectTakeover::readTryStatement(clang::Lexer& lexer, Lookahead& out) {
  int depth = 0;
  bool blockEnded = false, complete = false;
  readAhead(lexer, out, [&](const RawToken& t) {
    if (blockEnded) { // the token after a block: another handler, or the statement's end
      blockEnded = false;
      if (t.is("catch")) return Read::More;
      complete = true;
      return Read::Stop;
    }
    if (opensBracket(t.kind)) ++depth;
    else if (closesBracket(t.kind)) {
      if (depth-- == 0) return Read::Stop;
      blockEnded = depth == 0 && t.kind == tok::r_brace;
    }
    return Read::More;
  });
  if (!complete) return false;
  out.raw.pop_back();
  out.tokens.pop_back();
  return true;
}

bool DialectTakeover::readBlockStatement(clang::Lexer& lexer, Lookahead& out) {
  int depth = 0;
  bool opened = false;
  return readAhead(lexer, out, [&](const RawToken& t) {
    if (t.kind == tok::l_brace && depth == 0) opened = true;
    if (opensBracket(t.kind)) ++depth;
    else if (closesBracket(t.kind) && --depth == 0 && opened && t.kind == tok::r_brace) return Read::Done;
    if (depth < 0 || (t.kind == tok::semi && depth == 0)) return Read::Stop;
    return Read::More;
  });
}

void DialectTakeover::seek(clang::Lexer& lexer, size_t offset) {
  llvm::StringRef text = sm_.getBufferData(lexer.getFileID());
  lexer.seek(offset, offset == 0 || text[offset - 1] == '\n');
}

void DialectTakeover::materialize(const RewritePlan& plan, const std::vector<clang::Token>& tokens, std::vector<clang::Token>& out,
                 const std::vector<RawToken>* raw) {
  const std::vector<PlanPiece>& pieces = plan.pieces();
  for (size_t p = 0; p < pieces.size(); ++p) {
    const PlanPiece& piece = pieces[p];
    if (piece.original >= 0 && raw && isAtExpression(*raw, piece.original)) {
      RewritePlan at;
      auto done = planAtExpression(*raw, piece.original, at, attributes_);
      size_t end = std::holds_alternative<size_t>(*done) ? std::get<size_t>(*done) : 0;
      size_t q = p;
      while (q < pieces.size() && pieces[q].original >= 0 && (size_t)pieces[q].original < end &&
             pieces[q].original == piece.original + (long)(q - p))
        ++q;
      if (auto* e = std::get_if<DialectError>(&*done)) {
        pp_.Diag(tokens[e->token].getLocation(), error_) << e->message;
        // The form is dropped for a 0, which says nothing more.
        size_t close = matchingClose(*raw, piece.original + 2);
        while (close != std::string::npos && p + 1 < pieces.size() && pieces[p + 1].original >= 0 &&
               (size_t)pieces[p + 1].original <= close)
          ++p;
        lexText("0", tokens[piece.original].getLocation(), out);
        continue;
      } else if (q - p == end - piece.original) { // the whole form is kept as written
        materialize(at, tokens, out, raw);
        p = q - 1;
        continue;
      }
    }
    if (piece.original >= 0 && raw) {
      std::optional<IsAsSpelling> spelled = respellIsAs(*raw, piece.original, isTypeName());
      size_t n = spelled ? spelled->length : 0;
      bool kept = spelled && p + n <= pieces.size();
      for (size_t q = 1; kept && q < n; ++q) kept = pieces[p + q].original == piece.original + (long)q;
      if (kept && !(piece.original > 0 && ((*raw)[piece.original - 1].kind == tok::period ||
                                           (*raw)[piece.original - 1].kind == tok::arrow))) {
        lexText(spelled->text, tokens[piece.original].getLocation(), out);
        p += n - 1;
        continue;
      }
    }
    if (piece.original > 0 && raw && p + 1 < pieces.size() && pieces[p + 1].original == piece.original + 1 &&
        isStringTrait(*raw, piece.original)) {
      lexText("->* ::__circle_enumerator_name{}", tokens[piece.original].getLocation(), out);
      ++p;
      continue;
    }
    if (piece.original >= 0 && raw)
      if (std::optional<PackSize> size = enumPackSize(*raw, piece.original, traits_)) {
        bool whole = p + size->length <= pieces.size();
        for (size_t q = 1; whole && q < size->length; ++q) whole = pieces[p + q].original == piece.original + (long)q;
        if (whole) {
          if (size->error) pp_.Diag(tokens[size->error->token].getLocation(), error_) << size->error->message;
          lexText(size->value, tokens[piece.original].getLocation(), out);
          p += size->length - 1;
          continue;
        }
      }
    if (piece.original >= 0 && raw && p + 2 < pieces.size() && pieces[p + 1].original == piece.original + 1 &&
        pieces[p + 2].original == piece.original + 2) {
      auto trait = memberTrait(*raw, piece.original, traits_);
      if (auto* e = trait ? std::get_if<DialectError>(&*trait) : nullptr) {
        pp_.Diag(tokens[e->token].getLocation(), error_) << e->message;
        lexText("0", tokens[piece.original].getLocation(), out); // stands in, and says nothing more
        p += 2;
        continue;
      } else if (trait) {
        lexText(std::get<TraitSpelling>(*trait).replacement, tokens[piece.original].getLocation(), out);
        p += 2;
        continue;
      }
    }
    if (piece.original >= 0) out.push_back(tokens[piece.original]);
    else lexText(piece.text, tokens[piece.anchor].getLocation(), out);
  }
}

void DialectTakeover::lexText(const std::string& text, clang::SourceLocation anchor, std::vector<clang::Token>& out) {
  clang::Lexer raw(anchor, pp_.getLangOpts(), text.c_str(), text.c_str(), text.c_str() + text.size());
  while (true) {
    clang::Token t;
    raw.LexFromRawLexer(t);
    if (t.is(tok::eof)) break;
    llvm::StringRef spelling =
        llvm::StringRef(text).substr(t.getLocation().getRawEncoding() - anchor.getRawEncoding(), t.getLength());
    clang::Token made;
    made.startToken();
    made.setKind(t.getKind());
    // The scratch buffer keeps the spelling (a literal's value, an identifier's
    // name); the location is the anchor's, a place in the user's file.
    pp_.CreateString(spelling, made);
    if (made.is(tok::raw_identifier)) pp_.LookUpIdentifierInfo(made);
    made.setLocation(anchor);
    made.setFlag(clang::Token::LeadingSpace);
    out.push_back(made);
  }
}

void DialectTakeover::enter(const std::vector<clang::Token>& tokens) {
  if (tokens.empty()) return;
  auto owned = std::make_unique<clang::Token[]>(tokens.size());
  std::copy(tokens.begin(), tokens.end(), owned.get());
  pp_.EnterTokenStream(std::move(owned), tokens.size(), /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
}

} // namespace circle
