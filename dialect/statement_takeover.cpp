#include "dialect/statement_takeover.h"

#include "dialect/pack_expansion.h"
#include "dialect/range_for.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include <map>
#include <memory>
#include <variant>

namespace circle {

namespace {

namespace tok = clang::tok;

// The tokens after a point of a file, as the raw lexer reads them, with their views
// for the rewriters.
struct Lookahead {
  std::vector<clang::Token> tokens;
  std::vector<RawToken> raw;
};

// Does the file say anything Circle-only a statement could use? Most files never do,
// and their statements are not read twice.
bool mayHoldPacks(llvm::StringRef text) {
  if (text.contains("[:") || text.contains('@')) return true;
  for (size_t at = text.find("..."); at != llvm::StringRef::npos; at = text.find("...", at + 3)) {
    size_t next = text.find_first_not_of(" \t\r\n", at + 3);
    if (next != llvm::StringRef::npos && text[next] == ';') return true;
  }
  return false;
}

class DialectTakeover {
public:
  explicit DialectTakeover(clang::Preprocessor& pp)
      : pp_(pp), sm_(pp.getSourceManager()),
        error_(pp.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) {}

  void onToken(const clang::Token& tok) {
    switch (for_) {
    case For::Paren:
      if (tok.is(tok::l_paren)) {
        for_ = For::Header;
        depth_ = 1;
        questions_ = 0;
        return;
      }
      for_ = For::None;
      break;
    case For::Header:
      if (tok.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) ++depth_;
      else if (tok.isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && --depth_ == 0) for_ = For::None;
      else if (depth_ == 1 && tok.is(tok::question)) ++questions_;
      else if (depth_ == 1 && tok.is(tok::colon) && questions_-- == 0) {
        for_ = For::None;
        rangeInit(tok);
      }
      return;
    case For::None:
      break;
    }
    if (tok.is(tok::kw_for)) for_ = For::Paren;
    else if (tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace)) statements(tok);
  }

private:
  enum class For { None, Paren, Header };

  // The file lexer `tok` came from, when it is a user's file and the lexer stands
  // right after `tok`; else null.
  clang::Lexer* fileLexerAfter(const clang::Token& tok) {
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

  // Reads raw tokens after `lexer`'s position while `more` says so; false when the
  // file ends first or a directive starts.
  template <class More> bool readAhead(clang::Lexer& lexer, Lookahead& out, More more) {
    clang::FileID file = lexer.getFileID();
    llvm::StringRef buffer = sm_.getBufferData(file);
    clang::Lexer raw(sm_.getLocForStartOfFile(file), pp_.getLangOpts(), buffer.begin(), lexer.getBufferLocation(),
                     buffer.end());
    for (int budget = 20000; budget > 0; --budget) {
      clang::Token t;
      raw.LexFromRawLexer(t);
      if (t.is(tok::eof) || (t.is(tok::hash) && t.isAtStartOfLine())) return false;
      size_t offset = sm_.getFileOffset(t.getLocation());
      out.raw.push_back({t.getKind(), offset, t.getLength(), buffer.substr(offset, t.getLength()),
                         t.isAtStartOfLine()});
      if (t.is(tok::raw_identifier)) pp_.LookUpIdentifierInfo(t);
      out.tokens.push_back(t);
      switch (more(out.raw.back())) {
      case Read::More: break;
      case Read::Done: return true;
      case Read::Stop: return false;
      }
    }
    return false;
  }
  enum class Read { More, Done, Stop };

  // One statement: up to its ';' outside brackets. A block (a '{' outside brackets) or
  // the end of the enclosing one is not a statement this reads.
  bool readStatement(clang::Lexer& lexer, Lookahead& out) {
    int depth = 0;
    return readAhead(lexer, out, [&](const RawToken& t) {
      if (t.kind == tok::l_brace && depth == 0) return Read::Stop;
      if (t.kind == tok::l_paren || t.kind == tok::l_square || t.kind == tok::l_brace) ++depth;
      else if (t.kind == tok::r_paren || t.kind == tok::r_square || t.kind == tok::r_brace)
        return depth-- == 0 ? Read::Stop : Read::More;
      else if (t.kind == tok::semi && depth == 0) return Read::Done;
      return Read::More;
    });
  }

  bool fileMayHoldPacks(clang::FileID file) {
    auto [it, fresh] = packFiles_.try_emplace(file, false);
    if (fresh) it->second = mayHoldPacks(sm_.getBufferData(file));
    return it->second;
  }

  void statements(const clang::Token& tok) {
    clang::Lexer* lexer = fileLexerAfter(tok);
    if (!lexer || !fileMayHoldPacks(lexer->getFileID())) return;
    std::vector<clang::Token> out;
    // Consecutive Circle statements are taken together: once respelled tokens are
    // entered, the ';' that ends them no longer comes from the file.
    while (true) {
      Lookahead next;
      if (!readStatement(*lexer, next) || !mayExpandPacks(next.raw)) break;
      std::variant<RewritePlan, DialectError> plan = planPackExpansion(next.raw);
      if (auto* e = std::get_if<DialectError>(&plan)) {
        pp_.Diag(next.tokens[e->token].getLocation(), error_) << e->message;
        out.push_back(next.tokens.back()); // the statement is dropped, its ';' kept
      } else {
        materialize(std::get<RewritePlan>(plan), next.tokens, out);
      }
      const RawToken& semi = next.raw.back();
      seek(*lexer, sm_.getBufferData(lexer->getFileID()).begin() + semi.offset + semi.length);
    }
    enter(out);
  }

  void rangeInit(const clang::Token& colon) {
    clang::Lexer* lexer = fileLexerAfter(colon);
    if (!lexer) return;
    Lookahead init;
    int depth = 0;
    bool whole = readAhead(*lexer, init, [&](const RawToken& t) {
      if (t.kind == tok::l_paren || t.kind == tok::l_square || t.kind == tok::l_brace) ++depth;
      else if (t.kind == tok::r_paren && depth == 0) return Read::Done;
      else if (t.kind == tok::r_paren || t.kind == tok::r_square || t.kind == tok::r_brace)
        return depth-- == 0 ? Read::Stop : Read::More;
      else if (t.kind == tok::semi && depth == 0) return Read::Stop;
      return Read::More;
    });
    if (!whole) return;
    size_t close = init.raw.size() - 1;
    RewritePlan plan;
    if (!planRangeInit(init.raw, 0, close, plan)) return;
    std::vector<clang::Token> out;
    materialize(plan, init.tokens, out);
    seek(*lexer, sm_.getBufferData(lexer->getFileID()).begin() + init.raw[close].offset);
    enter(out);
  }

  void seek(clang::Lexer& lexer, const char* to) {
    const char* start = sm_.getBufferData(lexer.getFileID()).begin();
    lexer.seek(to - start, to == start || to[-1] == '\n');
  }

  // The plan's tokens: the user's as they were lexed, the new ones lexed from the
  // plan's text and placed at their anchors.
  void materialize(const RewritePlan& plan, const std::vector<clang::Token>& tokens, std::vector<clang::Token>& out) {
    for (const PlanPiece& piece : plan.pieces()) {
      if (piece.original >= 0) {
        out.push_back(tokens[piece.original]);
        continue;
      }
      clang::SourceLocation anchor = tokens[piece.anchor].getLocation();
      clang::Lexer raw(anchor, pp_.getLangOpts(), piece.text.c_str(), piece.text.c_str(),
                       piece.text.c_str() + piece.text.size());
      while (true) {
        clang::Token t;
        raw.LexFromRawLexer(t);
        if (t.is(tok::eof)) break;
        llvm::StringRef spelling = llvm::StringRef(piece.text).substr(
            t.getLocation().getRawEncoding() - anchor.getRawEncoding(), t.getLength());
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
  }

  void enter(const std::vector<clang::Token>& tokens) {
    if (tokens.empty()) return;
    auto owned = std::make_unique<clang::Token[]>(tokens.size());
    std::copy(tokens.begin(), tokens.end(), owned.get());
    pp_.EnterTokenStream(std::move(owned), tokens.size(), /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
  }

  clang::Preprocessor& pp_;
  clang::SourceManager& sm_;
  unsigned error_;
  For for_ = For::None;
  int depth_ = 0, questions_ = 0;
  std::map<clang::FileID, bool> packFiles_;
};

} // namespace

std::function<void(const clang::Token&)> takeOverDialectStatements(clang::Preprocessor& pp) {
  auto takeover = std::make_shared<DialectTakeover>(pp);
  return [takeover](const clang::Token& tok) { takeover->onToken(tok); };
}

} // namespace circle
