#include "dialect/dialect_takeover.h"
#include "dialect/range_for.h"

namespace circle {

bool mayHoldPacks(llvm::StringRef text) {
  if (text.contains("[:") || text.contains('@') || text.contains(".enum_") || text.contains("...?")) return true;
  if (text.contains("operator is") || text.contains("operator as")) return true;
  if (text.contains("=>")) return true; // a for-expression's, which C++ never writes
  if (text.contains("...[-")) return true; // args...[-1]
  // User attributes, `using nt [[attribute(128)]] = int;` and an enumerator's `[[ .nt = 64 ]]`.
  for (size_t at = text.find("[["); at != llvm::StringRef::npos; at = text.find("[[", at + 2)) {
    llvm::StringRef next = text.substr(at + 2).ltrim(" \t\r\n");
    if (next.starts_with("attribute") || next.starts_with(".")) return true;
  }
  // inspect (x) {, and Circle's member type traits: not a member function's call
  // (`f.is_open()`, `l.remove_if(...)`), which ordinary code says often.
  for (llvm::StringRef word : {"inspect", ".is_reference", ".is_lvalue_reference", ".is_rvalue_reference", ".is_pointer",
                               ".is_const", ".is_enum", ".is_class", ".is_integral", ".is_floating_point",
                               ".remove_reference", ".remove_cvref", ".remove_const", ".remove_pointer", ".add_pointer"})
    for (size_t at = text.find(word); at != llvm::StringRef::npos; at = text.find(word, at + 1)) {
      size_t next = text.find_first_not_of(" \t\r\n", at + word.size());
      bool call = next != llvm::StringRef::npos && text[next] == '(';
      if (word == "inspect" ? call : !call) return true;
    }
  for (size_t at = text.find("..."); at != llvm::StringRef::npos; at = text.find("...", at + 3)) {
    size_t next = text.find_first_not_of(" \t\r\n", at + 3);
    if (next != llvm::StringRef::npos && text[next] == ';') return true;
  }
  return false;
}

void DialectTakeover::noteEnumName(llvm::StringRef name) {
  clang::IdentifierInfo* ii = pp_.getIdentifierInfo(name);
  enumNames_.insert(ii);
  traced_.insert(ii);
}

void DialectTakeover::onToken(const clang::Token& tok) {
  // The file being lexed, from its lexer (asking the SourceManager for each token's
  // file would cost more than the rest of this watcher).
  clang::PreprocessorLexer* fileLexer = pp_.getCurrentFileLexer();
  clang::FileID file = fileLexer ? fileLexer->getFileID() : clang::FileID();
  if (file != lastFile_) {
    userFile_ = file.isValid() && !sm_.isInSystemHeader(sm_.getLocForStartOfFile(file));
    dialectFile_ = userFile_ && fileText(file).packs;
    startPending_ = true;
    lastFile_ = file;
  }
  // A system header's braces balance within it: scopes are a user's file's.
  if (userFile_) scopes_.onToken(tok);
  // Text due after this token is entered last, so that it comes first: statements()
  // may have entered the respelled statements that follow.
  std::vector<clang::Token> due;
  if (tok.isOneOf(tok::semi, tok::r_brace) && !after_.empty()) textAfter(tok, due);
  if (userFile_ && tok.isOneOf(tok::l_brace, tok::r_brace) && !blockCloses_.empty()) closeBlocks(tok, due);
  if (tok.is(tok::r_brace) && !replays_.empty() && replayMetaFor(tok, due)) {
    enter(due); // the body again: the file lexer went back to its '{'
    return;
  }
  onTokenInOrder(tok);
  enter(due);
}

void DialectTakeover::onTokenInOrder(const clang::Token& tok) {
  if (userFile_ && tok.is(tok::unknown) && tok.getLocation().isMacroID()) macroWrittenConstruct(tok);
  if (userFile_ && tok.getLocation().isMacroID() && tok.isOneOf(tok::colon, tok::kw_for, tok::l_paren))
    macroWrittenPack(tok);
  if (userFile_ && tok.is(tok::identifier) && tok.getLocation().isMacroID() && enumNames_.count(tok.getIdentifierInfo()))
    macroWrittenTrait(tok);
  staticAssertMessage(tok);
  asmOperandCommas(tok);
  if (tok.getLocation().isFileID() && startPending_) {
    startPending_ = false;
    if (!tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace)) firstStatement(tok);
  }
  if (userFile_) { // what names are (arrays, enums' variables, types) is read in users' files only
    if (tok.is(tok::l_square) && pendingArray_ && previous_.is(tok::identifier) &&
        previous_.getIdentifierInfo() == pendingArray_) {
      traits_.arrays.insert(pendingArray_->getName().str());
      traced_.insert(pendingArray_);
    }
    if (tok.is(tok::identifier)) declaredName(tok);
    if (tok.is(tok::identifier) && (previous_.isOneOf(tok::kw_typename, tok::kw_class, tok::kw_struct, tok::kw_using) ||
                                    (previous_.is(tok::ellipsis) && beforePrevious_.isOneOf(tok::kw_typename, tok::kw_class))))
      typeNames_.insert(tok.getIdentifierInfo()->getName().str());
  }
  if (dialectFile_) { // the peeks a token ahead, in files that use Circle's syntax
    stringTraitAfter(tok);
    isAsAfter(tok);
  }
  beforePrevious_ = previous_;
  previous_ = tok;
  if (tok.is(tok::kw_enum) && userFile_) noteEnum(tok);
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
    if (opensBracket(tok.getKind())) ++depth_;
    else if (closesBracket(tok.getKind()) && --depth_ == 0) for_ = For::None;
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
  else if (userFile_ && tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace)) statements(tok);
  if (dialectFile_) atExpressionAfter(tok);
}

// Circle's '@' constructs are read from a file's text, before the preprocessor: one a
// macro writes reaches Clang as a stray '@' ("expected expression" alone).
void DialectTakeover::macroWrittenConstruct(const clang::Token& tok) {
  if (pp_.getSpelling(tok) != "@") return;
  sayMacroWritten(tok, "its '@' constructs (@meta, @enum_name...)");
}

void DialectTakeover::sayMacroWritten(const clang::Token& tok, const std::string& what) {
  clang::SourceLocation use = sm_.getExpansionLoc(tok.getLocation());
  if (!macroWrittenAts_.insert(use.getRawEncoding()).second) return;
  llvm::StringRef macro = clang::Lexer::getImmediateMacroName(tok.getLocation(), sm_, pp_.getLangOpts());
  pp_.Diag(tok.getLocation(), error_)
      << ("circle reads " + what + " from the source text, not from macro expansions: '" + macro.str() +
          "' writes one here; write it in the source where the macro is used");
}

// A slice `[:`, `[b:`, a comprehension's `[for` or `int...(` a macro wrote: Clang would
// meet it as a lambda's introducer or a declaration ("expected variable name...").
void DialectTakeover::macroWrittenPack(const clang::Token& tok) {
  if (!previous_.getLocation().isMacroID()) return;
  bool slice = tok.is(tok::colon) && (previous_.is(tok::l_square) ||
                                       (beforePrevious_.is(tok::l_square) && beforePrevious_.getLocation().isMacroID() &&
                                        previous_.isOneOf(tok::numeric_constant, tok::identifier)));
  bool comprehension = previous_.is(tok::l_square) && tok.is(tok::kw_for);
  bool intPack = tok.is(tok::l_paren) && previous_.is(tok::ellipsis) && beforePrevious_.is(tok::kw_int);
  if (slice || comprehension || intPack)
    sayMacroWritten(tok, "its slices, packs and list comprehensions (x[:], int...(n), [for x : r => ...])");
}

// `E.enum_values` and the other traits of a noted enum are read from the file's text
// too: one a macro writes would reach Clang as a member access of a type. Said at the
// enum's name, before the parser meets the '.'.
void DialectTakeover::macroWrittenTrait(const clang::Token& tok) {
  llvm::StringRef macro = clang::Lexer::getImmediateMacroName(tok.getLocation(), sm_, pp_.getLangOpts());
  const clang::MacroInfo* info = pp_.getMacroInfo(pp_.getIdentifierInfo(macro));
  if (!info) return;
  llvm::ArrayRef<clang::Token> body = info->tokens();
  for (size_t i = 0; i + 2 < body.size(); ++i) {
    if (body[i].getIdentifierInfo() != tok.getIdentifierInfo() || !body[i + 1].is(tok::period)) continue;
    const clang::IdentifierInfo* trait = body[i + 2].getIdentifierInfo();
    if (!trait || !(trait->isStr("enum_values") || trait->isStr("enum_names") || trait->isStr("enum_count"))) continue;
    clang::SourceLocation use = sm_.getExpansionLoc(tok.getLocation());
    if (!macroWrittenAts_.insert(use.getRawEncoding()).second) return;
    pp_.Diag(tok.getLocation(), error_)
        << ("circle reads an enum's traits (." + trait->getName() + ") from the source text, not from macro "
            "expansions: '" + macro + "' writes one here; write it in the source where the macro is used")
               .str();
    return;
  }
}

void DialectTakeover::declaredName(const clang::Token& tok) {
  const clang::Token& before = previous_;
  // Every identifier of every header passes here: sets of IdentifierInfo pointers keep it cheap.
  if (before.is(tok::identifier) && enumNames_.count(before.getIdentifierInfo())) {
    traits_.enumVariables[name(tok).str()] = name(before).str();
    traced_.insert(tok.getIdentifierInfo());
  }
  pendingArray_ = before.is(tok::identifier) || isTypeKeyword(before) ? tok.getIdentifierInfo() : nullptr;
  if (!traced_.count(tok.getIdentifierInfo())) return;
  llvm::StringRef n = name(tok);
  clang::Lexer* lexer = fileLexerAfter(tok);
  if (!lexer) return;
  Lookahead next = readTokens(*lexer, 3);
  std::vector<RawToken> t{{tok::raw_identifier, 0, tok.getLength(), n}};
  t.insert(t.end(), next.raw.begin(), next.raw.end());
  auto trait = memberTrait(t, 0, traits_);
  if (!trait) return;
  const clang::Token& traitToken = next.tokens[1];
  const RawToken& end = next.raw[1];
  seekAfter(*lexer, end);
  RewritePlan plan;
  if (auto* e = std::get_if<DialectError>(&*trait)) {
    pp_.Diag(e->token == 0 ? tok.getLocation() : next.tokens[e->token - 1].getLocation(), error_) << e->message;
    plan.add("{} ->* ::__circle_constant<0>{}", 0); // the name, already parsed, becomes a value that says nothing more
  } else {
    plan.add(std::get<TraitSpelling>(*trait).suffix, 0);
  }
  std::vector<clang::Token> out;
  materialize(plan, {traitToken}, out);
  enter(out);
}

void DialectTakeover::noteEnum(const clang::Token& tok) {
  clang::Lexer* lexer = fileLexerAfter(tok);
  if (!lexer) return;
  Lookahead def;
  int depth = 0;
  bool whole = readAhead(*lexer, def, [&](const RawToken& t) {
    if (opensBracket(t.kind)) ++depth;
    else if (closesBracket(t.kind)) --depth;
    else if (t.kind == tok::semi && depth == 0) return Read::Done;
    return depth < 0 ? Read::Stop : Read::More;
  });
  if (!whole) return;
  auto parsed = parseEnumDefinition(def.raw);
  if (auto* error = std::get_if<DialectError>(&parsed)) {
    pp_.Diag(def.tokens[error->token].getLocation(), error_) << error->message;
    return;
  }
  auto* e = std::get_if<EnumInfo>(&parsed);
  if (!e) return;
  // An undeclared attribute is an error; the enumeration is registered without it, so
  // that its other uses (.string, @meta for enum) say nothing more.
  EnumInfo known = *e;
  for (std::vector<EnumeratorAttribute>& attrs : known.attributes)
    llvm::erase_if(attrs, [&](const EnumeratorAttribute& a) {
      if (attributes_.count(a.name)) return false;
      pp_.Diag(def.tokens[a.token].getLocation(), error_) << undeclaredAttribute(a.name);
      return true;
    });
  after_[{lexer->getFileID(), (unsigned)def.raw.back().offset}] = enumRegistration(known);
  if (!e->circleAttributeSpans.empty()) {
    RewritePlan plan;
    size_t i = 0;
    for (auto [first, last] : e->circleAttributeSpans) {
      plan.keep(i, first);
      i = last + 1;
    }
    plan.keep(i, def.raw.size());
    std::vector<clang::Token> out;
    materialize(plan, def.tokens, out);
    seekAfter(*lexer, def.raw.back());
    noteEnumName(e->name);
    enums_.note(std::move(*e));
    takeStatements(*lexer, out); // the ';' no longer comes from the file
    return;
  }
  noteEnumName(e->name);
  enums_.note(std::move(*e));
}

void DialectTakeover::closeBlocks(const clang::Token& tok, std::vector<clang::Token>& due) {
  if (tok.is(tok::l_brace)) { // the block's own '{', from the file
    if (!tok.getLocation().isFileID()) return;
    auto [file, offset] = sm_.getDecomposedLoc(tok.getLocation());
    for (BlockClose& b : blockCloses_)
      if (!b.depth && b.file == file && b.open == offset) b.depth = scopes_.depth();
    return;
  }
  // Its '}' (whichever directives came between): the scope it opened has closed.
  if (blockCloses_.back().depth == 0 || scopes_.depth() >= blockCloses_.back().depth) return;
  blockCloses_.pop_back();
  RewritePlan plan;
  plan.add("}", 0);
  materialize(plan, {tok}, due);
}

void DialectTakeover::textAfter(const clang::Token& end, std::vector<clang::Token>& due) {
  if (!end.getLocation().isFileID()) return;
  auto [file, offset] = sm_.getDecomposedLoc(end.getLocation());
  auto it = after_.find({file, offset});
  if (it == after_.end()) return;
  RewritePlan plan;
  plan.add(it->second, 0);
  materialize(plan, {end}, due);
  after_.erase(it);
}

const DialectTakeover::FileText& DialectTakeover::fileText(clang::FileID file) {
  auto [it, fresh] = files_.try_emplace(file);
  if (fresh) {
    llvm::StringRef text = sm_.getBufferData(file);
    it->second = {mayHoldPacks(text), text.contains("throw"), text.contains("try")};
  }
  return it->second;
}

void DialectTakeover::firstStatement(const clang::Token& tok) {
  clang::Lexer* lexer = fileLexerAfter(tok);
  if (!lexer || !fileText(lexer->getFileID()).packs || tok.is(tok::unknown)) return;
  Lookahead next;
  size_t offset = sm_.getFileOffset(tok.getLocation());
  next.raw.push_back({tok.isAnyIdentifier() || tok.getIdentifierInfo() ? tok::raw_identifier : tok.getKind(), offset,
                      tok.getLength(), sm_.getBufferData(lexer->getFileID()).substr(offset, tok.getLength())});
  next.tokens.push_back(tok);
  if (tok.is(tok::semi) || !readStatement(*lexer, next)) return;
  std::optional<std::variant<RewritePlan, DialectError>> planned = planStatement(next.raw);
  auto* plan = planned ? std::get_if<RewritePlan>(&*planned) : nullptr;
  if (!plan || plan->empty() || plan->pieces()[0].original != 0) return; // Clang's error stands
  RewritePlan rest;
  for (size_t p = 1; p < plan->pieces().size(); ++p) {
    const PlanPiece& piece = plan->pieces()[p];
    if (piece.original >= 0) rest.keep(piece.original);
    else rest.add(piece.text, piece.anchor);
  }
  std::vector<clang::Token> out;
  materialize(rest, next.tokens, out, &next.raw);
  seekAfter(*lexer, next.raw.back());
  takeStatements(*lexer, out);
}

void DialectTakeover::statements(const clang::Token& tok) {
  // scopes_ has seen tok: a '{' opened the block the next statement is in.
  clang::Lexer* lexer = fileLexerAfter(tok);
  if (!lexer) return;
  std::vector<clang::Token> out;
  takeStatements(*lexer, out);
}

void DialectTakeover::takeStatements(clang::Lexer& fileLexer, std::vector<clang::Token>& out) {
  clang::Lexer* lexer = &fileLexer;
  const FileText& text = fileText(lexer->getFileID());
  bool kernelThrows = text.throws && scopes_.inKernel();
  bool kernelTries = text.tries && scopes_.inKernel();
  if (!text.packs && !kernelThrows && !kernelTries) {
    enter(out);
    return;
  }
  while (true) {
    Lookahead next;
    if (!readStatement(*lexer, next)) {
      if (next.raw.empty()) startPending_ = true; // a directive: the statement after it starts unseen
      Lookahead whole;
      std::optional<RewritePlan> plan;
      if (kernelTries && !next.raw.empty() && next.raw[0].is("try") && readTryStatement(*lexer, whole))
        plan = planDeviceTry(whole.raw);
      if (!next.raw.empty() && next.raw[0].is("inspect") && readBlockStatement(*lexer, whole)) {
        auto inspect = planInspect(whole.raw);
        if (auto* e = inspect ? std::get_if<DialectError>(&*inspect) : nullptr) {
          pp_.Diag(whole.tokens[e->token].getLocation(), error_) << e->message;
          lexText(";", whole.tokens[0].getLocation(), out); // dropped: nothing more is said
          seekAfter(*lexer, whole.raw.back());
          continue;
        }
        if (inspect) plan = std::get<RewritePlan>(*inspect);
      }
      if (!plan && takePackRangeFor(*lexer, next, /*braced=*/true, out)) break;
      if (!plan && takeBlockHeader(*lexer, next, out)) break; // its block's statements come after its '{'

      if (!plan) break;
      materialize(*plan, whole.tokens, out, &whole.raw);
      seekAfter(*lexer, whole.raw.back());
      continue;
    }
    if (takeMetaPrintf(*lexer, next, out)) continue;
    Meta prefixed = takeMetaAfterPrefix(*lexer, next, out);
    if (prefixed == Meta::Started) return;
    if (prefixed == Meta::Dropped) continue;
    if (next.raw[0].kind == tok::unknown && next.raw[0].text == "@" && next.raw.size() > 1) {
      // What came before goes in front of the construct's tokens, entered with them:
      // streams entered one after the other are read last first, and a statement
      // respelled just before an unbraced @meta for ran inside its body, once per value.
      Meta meta = startMetaFor(*lexer, next, out);
      if (meta == Meta::Started) return;
      if (meta == Meta::Dropped) continue;
      pp_.Diag(next.tokens[0].getLocation(), error_)
          << "circle does not take Circle's '@" + next.raw[1].text.str() + "' here yet (dialect/README.md)";
      seekAfter(*lexer, next.raw.back());
      continue;
    }
    if (takePackRangeFor(*lexer, next, /*braced=*/false, out)) continue;
    std::optional<std::variant<RewritePlan, DialectError>> plan = planStatement(next.raw);
    if (!plan && kernelThrows && holdsThrow(next.raw)) plan = planDeviceThrows(next.raw);
    if (!plan) break;
    if (auto* e = std::get_if<DialectError>(&*plan)) {
      pp_.Diag(next.tokens[e->token].getLocation(), error_) << e->message;
      // The statement is dropped, its ';' kept; a variable it declares stays declared,
      // value-initialized, so that its uses say nothing more.
      if (std::optional<size_t> name = declaredVariableName(next.raw)) {
        RewritePlan declaration;
        declaration.keep(0, *name + 1);
        declaration.add("{}", *name);
        materialize(declaration, next.tokens, out, &next.raw);
      }
      out.push_back(next.tokens.back());
    } else {
      materialize(std::get<RewritePlan>(*plan), next.tokens, out, &next.raw);
    }
    seekAfter(*lexer, next.raw.back());
  }
  enter(out);
}

bool DialectTakeover::takeMetaPrintf(clang::Lexer& lexer, const Lookahead& s, std::vector<clang::Token>& out) {
  RewritePlan prefix;
  size_t at = planStatementPrefix(s.raw, s.raw.size(), prefix);
  Lookahead printf;
  printf.raw.assign(s.raw.begin() + at, s.raw.end());
  printf.tokens.assign(s.tokens.begin() + at, s.tokens.end());
  auto plan = planMetaPrintf(printf.raw, /*braced=*/at > 0);
  if (!plan) return false;
  if (at > 0) materialize(prefix, s.tokens, out, &s.raw);
  if (auto* e = std::get_if<DialectError>(&*plan)) pp_.Diag(printf.tokens[e->token].getLocation(), error_) << e->message;
  else materialize(std::get<RewritePlan>(*plan), printf.tokens, out, &printf.raw);
  seekAfter(lexer, s.raw.back());
  return true;
}

DialectTakeover::Meta DialectTakeover::takeMetaAfterPrefix(clang::Lexer& lexer, const Lookahead& s,
                                                           std::vector<clang::Token>& out) {
  RewritePlan prefix;
  size_t at = planStatementPrefix(s.raw, s.raw.size(), prefix);
  if (at == 0 || at + 2 >= s.raw.size() || s.raw[at].kind != tok::unknown || s.raw[at].text != "@" ||
      !s.raw[at + 1].is("meta") || !s.raw[at + 2].is("for"))
    return Meta::NotTaken;
  materialize(prefix, s.tokens, out, &s.raw);
  Lookahead meta;
  meta.raw.assign(s.raw.begin() + at, s.raw.end());
  meta.tokens.assign(s.tokens.begin() + at, s.tokens.end());
  // The replayed form is one block per value: braced as one, the body of what is before it.
  wrapNextReplay_ = true;
  Meta started = startMetaFor(lexer, meta, out);
  wrapNextReplay_ = false;
  if (started == Meta::Started) return started;
  if (started == Meta::NotTaken) {
    pp_.Diag(meta.tokens[0].getLocation(), error_) << "circle does not take this '@meta' statement here (dialect/README.md)";
    seekAfter(lexer, s.raw.back());
  }
  lexText(";", s.tokens[at].getLocation(), out); // what comes before gets an empty body
  return Meta::Dropped;
}

bool DialectTakeover::takeBlockHeader(clang::Lexer& lexer, Lookahead& header, std::vector<clang::Token>& out) {
  const std::vector<RawToken>& t = header.raw;
  size_t i = t.size() >= 2 && t[0].is("else") ? 1 : 0;
  if (t.size() < i + 4 || t.back().kind != tok::l_brace ||
      !(t[i].is("if") || t[i].is("while") || t[i].is("switch") || t[i].is("for")))
    return false;
  size_t open = i + 1;
  while (open < t.size() && t[i].is("if") && (t[open].is("constexpr") || t[open].kind == tok::exclaim)) ++open;
  if (open >= t.size() || t[open].kind != tok::l_paren || matchingClose(t, open) != t.size() - 2) return false;
  std::vector<RawToken> statement(t.begin(), t.end() - 1); // the header, as a statement ending at its ')'
  statement.push_back({tok::semi, t.back().offset, 0, ";"});
  std::optional<std::variant<RewritePlan, DialectError>> planned = planStatement(statement);
  if (!planned) return false;
  RewritePlan plan;
  if (auto* e = std::get_if<DialectError>(&*planned)) {
    pp_.Diag(header.tokens[e->token].getLocation(), error_) << e->message;
    plan.keep(0, open); // the condition dropped for a 0, which says nothing more
    plan.add("(0)", open);
  } else {
    for (const PlanPiece& piece : std::get<RewritePlan>(*planned).pieces()) {
      if (piece.original == (long)statement.size() - 1) continue; // the ';'
      if (piece.original >= 0) plan.keep(piece.original);
      else plan.add(piece.text, piece.anchor);
    }
  }
  header.raw.pop_back(); // the '{' comes from the file
  header.tokens.pop_back();
  materialize(plan, header.tokens, out, &header.raw);
  seekAfter(lexer, header.raw.back());
  return true;
}

bool DialectTakeover::takePackRangeFor(clang::Lexer& lexer, Lookahead& s, bool braced, std::vector<clang::Token>& out) {
  const std::vector<RawToken>& t = s.raw;
  if (braced && (t.empty() || t.back().kind != tok::l_brace)) return false;
  std::optional<PackRangeFor> f = findPackRangeFor(t);
  if (!f || (braced ? f->close + 2 != t.size() : f->close + 1 >= t.size())) return false;
  auto fail = [&](size_t token, const std::string& message) {
    pp_.Diag(s.tokens[token].getLocation(), error_) << message;
    RewritePlan dropped; // the loop never runs; its body still compiles, its name declared
    dropped.keep(0, f->forAt);
    dropped.add("if (false) for (", f->forAt);
    dropped.keep(f->open + 1, f->colon);
    dropped.add(": ::__circle_range_init<int>::__get(0))", f->close);
    materialize(dropped, s.tokens, out, &t);
    seekAfter(lexer, t[f->close]);
    return true;
  };
  if (!f->expanded)
    return fail(f->colon + 1, "a range-for over a pack reads its elements one by one: expand the pack with '...' "
                              "before the ')', for (int i : @range(n)...)");
  size_t body = f->close + 1;
  if (!braced) {
    for (const char* word : {"if", "else", "for", "while", "do", "switch", "try", "case", "default"})
      if (t[body].is(word))
        return fail(body, "circle reads a range-for over a pack whose body is a block or one expression or "
                          "declaration: brace this '" + std::string(word) + "' statement");
  }
  RewritePlan plan;
  auto planned = planPackRangeFor(t, *f, scopes_.current() == ScopeTracker::Kind::Block, plan);
  if (auto* e = std::get_if<DialectError>(&planned)) return fail(e->token, e->message);
  if (braced) {
    blockCloses_.push_back({lexer.getFileID(), (unsigned)t.back().offset});
    materialize(plan, s.tokens, out, &t);
    seekAfter(lexer, t[f->close]); // the '{' comes from the file
    return true;
  }
  // The body is a statement of its own (`printf("%d", v[:] + i) ...;` expands there).
  std::vector<RawToken> own(t.begin() + body, t.end());
  std::optional<std::variant<RewritePlan, DialectError>> inner = planStatement(own);
  if (auto* e = inner ? std::get_if<DialectError>(&*inner) : nullptr) return fail(body + e->token, e->message);
  if (inner) {
    for (const PlanPiece& piece : std::get<RewritePlan>(*inner).pieces()) {
      if (piece.original >= 0) plan.keep(body + piece.original);
      else plan.add(piece.text, body + piece.anchor);
    }
  } else {
    plan.keep(body, t.size());
  }
  plan.add("}", t.size() - 1);
  materialize(plan, s.tokens, out, &t);
  seekAfter(lexer, t.back());
  return true;
}

std::optional<std::variant<RewritePlan, DialectError>> DialectTakeover::planStatement(const std::vector<RawToken>& t) {
  // The statements after this one are read before the parser (and the watcher) sees
  // its tokens: the type names it declares are noted now.
  for (size_t i = 0; i + 1 < t.size(); ++i)
    if ((t[i].is("using") || t[i].is("typename") || t[i].is("class") || t[i].is("struct")) &&
        t[i + 1].kind == tok::raw_identifier)
      typeNames_.insert(t[i + 1].text.str());
  if (holdsLambdaBody(t)) return std::nullopt; // its statements are taken one by one as they are lexed
  if (auto decl = planAttributeDeclaration(t)) {
    if (auto* e = std::get_if<DialectError>(&*decl)) return *e;
    auto& d = std::get<AttributeDeclaration>(*decl);
    attributes_.insert(d.name);
    return std::move(d.plan);
  }
  bool enumPacks = false, dynamicPacks = false;
  for (size_t i = 0; i < t.size() && !enumPacks; ++i) enumPacks = enumPackRef(t, i, enums_).has_value();
  for (size_t i = 0; i < t.size() && !dynamicPacks; ++i) dynamicPacks = isSliceBracket(t, i) || isRangePack(t, i);
  // A statement that expands dynamic packs gives its enum groups (folds, multi-conditionals)
  // to the enum planners itself (dialect/dynamic_folds.h).
  if (dynamicPacks) return planPackExpansion(t, &enums_, scopes_.current() == ScopeTracker::Kind::Block);
  if (!enumPacks)
    if (auto dependent = planDependentPacks(t, enums_, scopes_.current() == ScopeTracker::Kind::Block))
      return dependent;
  // A multi-conditional (`c ...? a : b`) over a noted enum's packs is read as over a
  // template's: through the registry, whose enumerators every noted enum has too.
  if (enumPacks && holdsMultiConditional(t)) {
    static const EnumRegistry none;
    if (auto dependent = planDependentPacks(t, none, scopes_.current() == ScopeTracker::Kind::Block))
      return dependent;
  }
  if (!mayExpandPacks(t, &enums_) && !holdsAtExpression(t)) {
    // P2392's forms: respelled by materialize(), before the parser (whose tentative
    // parses, in an if's condition, read past what a token-by-token look-ahead sees).
    for (size_t i = 0; i < t.size(); ++i)
      if (respellIsAs(t, i, isTypeName()) && (i == 0 || (t[i - 1].kind != tok::period && t[i - 1].kind != tok::arrow))) {
        RewritePlan plan;
        plan.keep(0, t.size());
        return plan;
      }
    return std::nullopt;
  }
  std::variant<RewritePlan, DialectError> plan =
      planPackExpansion(t, &enums_, scopes_.current() == ScopeTracker::Kind::Block);
  if (auto* e = std::get_if<DialectError>(&plan)) return *e;
  return std::get<RewritePlan>(std::move(plan));
}

std::function<void(const clang::Token&)> takeOverDialectStatements(clang::Preprocessor& pp,
                                                                 const std::vector<int>& sms) {
  auto takeover = std::make_shared<DialectTakeover>(pp, sms);
  return [takeover](const clang::Token& tok) { takeover->onToken(tok); };
}

} // namespace circle
