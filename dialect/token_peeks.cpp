#include "dialect/dialect_takeover.h"

namespace circle {

void DialectTakeover::staticAssertMessage(const clang::Token& tok) {
  switch (assert_) {
  case Assert::None:
    if (tok.is(tok::kw_static_assert)) assert_ = Assert::Keyword;
    return;
  case Assert::Keyword:
    assert_ = tok.is(tok::l_paren) ? Assert::Condition : Assert::None;
    assertDepth_ = 1;
    return;
  case Assert::Condition:
  case Assert::Message:
    if (opensBracket(tok.getKind())) ++assertDepth_;
    else if (closesBracket(tok.getKind()) && --assertDepth_ == 0) assert_ = Assert::None;
    else if (assertDepth_ == 1 && tok.is(tok::comma)) assert_ = Assert::Message;
    else if (assertDepth_ == 1 && assert_ == Assert::Message && tok.is(tok::plus)) {
      pp_.getDiagnostics().setSeverity(clang::diag::ext_cxx_static_assert_user_generated_message,
                                       clang::diag::Severity::Ignored, {});
      std::vector<clang::Token> out;
      lexText("::__circle_string{} +", tok.getLocation(), out);
      enter(out);
      assert_ = Assert::Joined;
    }
    return;
  case Assert::Joined:
    if (opensBracket(tok.getKind())) ++assertDepth_;
    else if (closesBracket(tok.getKind()) && --assertDepth_ == 0) assert_ = Assert::None;
    return;
  }
}

void DialectTakeover::asmOperandCommas(const clang::Token& tok) {
  switch (asm_) {
  case Asm::None:
    if (tok.is(tok::kw_asm)) asm_ = Asm::Keyword;
    return;
  case Asm::Keyword:
    if (tok.isOneOf(tok::kw_volatile, tok::kw_inline, tok::kw_goto)) return;
    asm_ = tok.is(tok::l_paren) ? Asm::Template : Asm::None;
    asmDepth_ = 1;
    return;
  case Asm::Template:
  case Asm::Operands:
    if (opensBracket(tok.getKind())) ++asmDepth_;
    else if (closesBracket(tok.getKind()) && --asmDepth_ == 0) asm_ = Asm::None;
    else if (asmDepth_ == 1 && tok.isOneOf(tok::colon, tok::coloncolon)) asm_ = Asm::Operands;
    if (asm_ != Asm::Operands || !tok.is(tok::r_paren) || asmDepth_ != 1) return;
    // The next operand: its constraint string, or its [name].
    if (clang::Lexer* lexer = fileLexerAfter(tok)) {
      llvm::StringRef next = restOfFile(*lexer).ltrim();
      if (next.starts_with("\"") || next.starts_with("[")) {
        std::vector<clang::Token> out;
        lexText(",", tok.getLocation(), out);
        enter(out);
      }
    }
    return;
  }
}

bool DialectTakeover::isStringTrait(const std::vector<RawToken>& t, size_t dot) {
  if (dot == 0 || dot + 1 >= t.size() || t[dot].kind != tok::period || !t[dot + 1].is("string")) return false;
  if (dot + 2 < t.size() &&
      (t[dot + 2].kind == tok::l_paren || t[dot + 2].kind == tok::period || t[dot + 2].kind == tok::arrow ||
       t[dot + 2].kind == tok::coloncolon))
    return false;
  if (t[dot - 1].kind == tok::r_paren) return true;
  if (t[dot - 1].kind != tok::raw_identifier) return false;
  // `&x.string`, `-x.string`, `a.x.string`: a unary operator or a member access before
  // the name would take the ->* as its operand's end; C++'s member is meant there.
  return dot < 2 || !bindsBeforePointerToMember(t[dot - 2].kind, t[dot - 2].text);
}

bool DialectTakeover::bindsBeforePointerToMember(clang::tok::TokenKind kind, llvm::StringRef spelling) {
  switch (kind) {
  case tok::amp: case tok::star: case tok::exclaim: case tok::minus: case tok::plus: case tok::tilde:
  case tok::plusplus: case tok::minusminus: case tok::period: case tok::arrow:
    return true;
  default:
    return spelling == "sizeof" || spelling == "alignof";
  }
}

void DialectTakeover::stringTraitAfter(const clang::Token& tok) {
  if (!tok.isOneOf(tok::r_paren, tok::identifier)) return;
  clang::Lexer* lexer = fileLexerAfter(tok);
  if (!lexer || !restOfFile(*lexer).starts_with(".")) return;
  if (tok.is(tok::identifier) &&
      bindsBeforePointerToMember(previous_.getKind(),
                                 previous_.getIdentifierInfo() ? previous_.getIdentifierInfo()->getName() : ""))
    return;
  std::vector<clang::Token> out;
  if (takeStringTrait(*lexer, {tok.is(tok::r_paren) ? tok::r_paren : tok::raw_identifier, 0, 1, "x"}, out)) enter(out);
}

bool DialectTakeover::takeStringTrait(clang::Lexer& lexer, const RawToken& before, std::vector<clang::Token>& out) {
  Lookahead next = readTokens(lexer, 3);
  std::vector<RawToken> t{before};
  t.insert(t.end(), next.raw.begin(), next.raw.end());
  if (!isStringTrait(t, 1)) return false;
  seekAfter(lexer, next.raw[1]);
  lexText("->* ::__circle_enumerator_name{}", next.tokens[0].getLocation(), out);
  return true;
}

bool DialectTakeover::holdsLambdaBody(const std::vector<RawToken>& t) {
  int depth = 0;
  for (size_t k = 0; k < t.size(); ++k) {
    if (t[k].kind == tok::l_brace && depth == 0 && k > 0 && t[k - 1].kind == tok::r_square) {
      // `auto f = [&] {`: a lambda's introducer, not an array's `int a[] {`.
      int squares = 0;
      size_t open = k - 1;
      for (; open-- > 0;) {
        if (t[open].kind == tok::r_square) ++squares;
        else if (t[open].kind == tok::l_square && squares-- == 0) break;
      }
      if (open != std::string::npos) {
        if (open == 0 || !isOperandEnd(t[open - 1])) return true;
      }
    }
    if (t[k].kind == tok::l_brace && depth > 0 && k > 0) {
      const RawToken& before = t[k - 1];
      if (before.kind == tok::r_paren || before.kind == tok::r_square || before.is("mutable") ||
          before.is("noexcept") || before.is("constexpr") || before.is("consteval"))
        return true;
      for (size_t j = k; j-- > 0 && t[j].kind != tok::comma && t[j].kind != tok::l_paren;)
        if (t[j].kind == tok::arrow && j > 0 && t[j - 1].kind == tok::r_paren) return true; // -> T {
    }
    if (opensBracket(t[k].kind)) ++depth;
    else if (closesBracket(t[k].kind)) --depth;
  }
  return false;
}

void DialectTakeover::isAsAfter(const clang::Token& tok) {
  if (tok.isOneOf(tok::period, tok::arrow)) return; // `x.y is T`: not y's test
  clang::Lexer* lexer = fileLexerAfter(tok);
  if (!lexer) return;
  llvm::StringRef next = restOfFile(*lexer).ltrim(" \t\r\n");
  if (next.empty() || !(std::isalpha((unsigned char)next.front()) || next.front() == '_')) return;
  Lookahead words = readTokens(*lexer, 4);
  std::optional<IsAsSpelling> spelled = respellIsAs(words.raw, 0, isTypeName());
  if (!spelled) return;
  seekAfter(*lexer, words.raw[spelled->length - 1]);
  std::vector<clang::Token> out;
  lexText(spelled->text, words.tokens[0].getLocation(), out);
  enter(out);
}

bool DialectTakeover::holdsAtExpression(const std::vector<RawToken>& t) {
  for (size_t i = 0; i < t.size(); ++i)
    if (isAtExpression(t, i)) return true;
  return false;
}

void DialectTakeover::atExpressionAfter(const clang::Token& tok) {
  clang::Lexer* lexer = fileLexerAfter(tok);
  if (!lexer || !restOfFile(*lexer).ltrim(" \t\r\n").starts_with("@")) return;
  Lookahead at;
  int depth = 0;
  bool whole = readAhead(*lexer, at, [&](const RawToken& t) {
    size_t n = at.raw.size(); // `@ name (`, then to its ')'
    if (n == 1) return Read::More;
    if (n == 2) return t.kind == tok::raw_identifier ? Read::More : Read::Stop;
    if (n == 3 && t.kind != tok::l_paren) return Read::Stop;
    if (opensBracket(t.kind)) ++depth;
    else if (closesBracket(t.kind) && --depth == 0) return Read::Done;
    return Read::More;
  });
  if (!whole || !isAtExpression(at.raw, 0)) return;
  RewritePlan plan;
  auto done = planAtExpression(at.raw, 0, plan, attributes_);
  std::vector<clang::Token> out;
  if (auto* e = std::get_if<DialectError>(&*done)) {
    pp_.Diag(at.tokens[e->token].getLocation(), error_) << e->message;
    lexText("0", at.tokens[0].getLocation(), out); // the form dropped for a 0, which says nothing more
    seekAfter(*lexer, at.raw.back());
    enter(out);
    return;
  }
  materialize(plan, at.tokens, out, &at.raw);
  seekAfter(*lexer, at.raw.back());
  // `@enum_value(E, i).string`: the parser will not see this ')' come from the file.
  takeStringTrait(*lexer, at.raw.back(), out);
  enter(out);
}

void DialectTakeover::rangeInit(const clang::Token& colon) {
  clang::Lexer* lexer = fileLexerAfter(colon);
  if (!lexer) return;
  Lookahead init;
  int depth = 0;
  bool whole = readAhead(*lexer, init, [&](const RawToken& t) {
    if (opensBracket(t.kind)) ++depth;
    else if (t.kind == tok::r_paren && depth == 0) return Read::Done;
    else if (closesBracket(t.kind))
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
  seekTo(*lexer, init.raw[close]);
  enter(out);
}

} // namespace circle
