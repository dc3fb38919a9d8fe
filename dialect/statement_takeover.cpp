#include "dialect/statement_takeover.h"

#include "dialect/dependent_packs.h"
#include "dialect/device_throw.h"
#include "dialect/device_try.h"
#include "dialect/enum_reflection.h"
#include "dialect/member_traits.h"
#include "dialect/meta_printf.h"
#include "dialect/pattern_matching.h"
#include "dialect/pack_expansion.h"
#include "dialect/range_for.h"
#include "dialect/scope_tracker.h"
#include "dialect/user_attributes.h"

#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include "llvm/ADT/DenseSet.h"

#include <cctype>
#include <map>
#include <set>
#include <memory>
#include <string_view>
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
  if (text.contains("[:") || text.contains('@') || text.contains(".enum_") || text.contains("...?")) return true;
  if (text.contains("inspect") || text.contains("operator is") || text.contains("operator as") ||
      text.contains(".is_") || text.contains(".remove_"))
    return true;
  for (size_t at = text.find("..."); at != llvm::StringRef::npos; at = text.find("...", at + 3)) {
    size_t next = text.find_first_not_of(" \t\r\n", at + 3);
    if (next != llvm::StringRef::npos && text[next] == ';') return true;
  }
  return false;
}

class DialectTakeover {
public:
  DialectTakeover(clang::Preprocessor& pp, const std::vector<int>& sms)
      : pp_(pp), sm_(pp.getSourceManager()),
        error_(pp.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) {
    EnumInfo arch = nvvmArchEnum(sms);
    noteEnumName(arch.name);
    enums_.note(std::move(arch));
  }

  void noteEnumName(llvm::StringRef name) {
    clang::IdentifierInfo* ii = pp_.getIdentifierInfo(name);
    enumNames_.insert(ii);
    traced_.insert(ii);
  }

  void onToken(const clang::Token& tok) {
    scopes_.onToken(tok);
    // Text due after this token is entered last, so that it comes first: statements()
    // may have entered the respelled statements that follow.
    std::vector<clang::Token> due;
    if (tok.isOneOf(tok::semi, tok::r_brace) && !after_.empty()) textAfter(tok, due);
    if (tok.is(tok::r_brace) && !replays_.empty() && replayMetaFor(tok, due)) {
      enter(due); // the body again: the file lexer went back to its '{'
      return;
    }
    onTokenInOrder(tok);
    enter(due);
  }

  // Circle joins a static_assert's message with '+' (`E.enum_names + " is invalid"`):
  // the first operand becomes the prelude's __circle_string after the first '+', and
  // the message is then C++26's constant object with data() and size(), which Clang
  // 22 takes in C++17 and C++20 too (its extension warning is turned off once this is
  // used, as the dialect is not portable C++ anyway).
  void staticAssertMessage(const clang::Token& tok) {
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

  void onTokenInOrder(const clang::Token& tok) {
    staticAssertMessage(tok);
    if (tok.getLocation().isFileID()) {
      clang::FileID file = sm_.getFileID(tok.getLocation());
      bool fresh = startPending_ || file != lastFile_;
      lastFile_ = file;
      startPending_ = false;
      if (fresh && !tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace)) firstStatement(tok);
    }
    if (tok.is(tok::l_square) && pendingArray_ && previous_.is(tok::identifier) &&
        previous_.getIdentifierInfo() == pendingArray_) {
      traits_.arrays.insert(pendingArray_->getName().str());
      traced_.insert(pendingArray_);
    }
    if (tok.is(tok::identifier)) declaredName(tok);
    if (tok.is(tok::identifier) && (previous_.isOneOf(tok::kw_typename, tok::kw_class, tok::kw_struct, tok::kw_using) ||
                                    (previous_.is(tok::ellipsis) && beforePrevious_.isOneOf(tok::kw_typename, tok::kw_class))))
      typeNames_.insert(tok.getIdentifierInfo()->getName().str());
    stringTraitAfter(tok);
    isAsAfter(tok);
    beforePrevious_ = previous_;
    previous_ = tok;
    if (tok.is(tok::kw_enum)) noteEnum(tok);
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
    else if (tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace)) statements(tok);
    atExpressionAfter(tok);
  }

private:
  enum class For { None, Paren, Header };
  enum class Assert { None, Keyword, Condition, Message, Joined };

  static llvm::StringRef name(const clang::Token& t) {
    return t.is(tok::identifier) ? t.getIdentifierInfo()->getName() : llvm::StringRef();
  }

  // `E x` with E a noted enum: x's .string is the enumerator's name. `T a[` declares an
  // array: a's .length is its extent. Then Circle's member traits on this name.
  void declaredName(const clang::Token& tok) {
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
    Lookahead next;
    int count = 0;
    readAhead(*lexer, next, [&](const RawToken&) { return ++count == 3 ? Read::Done : Read::More; });
    std::vector<RawToken> t{{tok::raw_identifier, 0, tok.getLength(), n}};
    t.insert(t.end(), next.raw.begin(), next.raw.end());
    auto trait = memberTrait(t, 0, traits_);
    if (!trait) return;
    const clang::Token& traitToken = next.tokens[1];
    const RawToken& end = next.raw[1];
    seekAfter(*lexer, end);
    if (auto* e = std::get_if<DialectError>(&*trait)) {
      pp_.Diag(e->token == 0 ? tok.getLocation() : next.tokens[e->token - 1].getLocation(), error_) << e->message;
      return;
    }
    RewritePlan plan;
    plan.add(std::get<TraitSpelling>(*trait).suffix, 0);
    std::vector<clang::Token> out;
    materialize(plan, {traitToken}, out);
    enter(out);
  }

  static bool isTypeKeyword(const clang::Token& t) {
    return t.isOneOf(tok::kw_int, tok::kw_char, tok::kw_short, tok::kw_long, tok::kw_unsigned, tok::kw_signed,
                     tok::kw_float, tok::kw_double, tok::kw_bool, tok::kw_auto) ||
           t.isOneOf(tok::kw_char8_t, tok::kw_char16_t, tok::kw_char32_t, tok::kw_wchar_t);
  }

  // An enum definition of a user's file is noted, and its registration follows the ';'
  // that ends it. Circle's attribute lists on its enumerators are left out of what
  // Clang sees.
  void noteEnum(const clang::Token& tok) {
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
    bool registered = true;
    for (const std::vector<EnumeratorAttribute>& attrs : e->attributes)
      for (const EnumeratorAttribute& a : attrs)
        if (!attributes_.count(a.name)) {
          pp_.Diag(def.tokens[a.token].getLocation(), error_)
              << "'" + a.name + "' is not an attribute: declare it first, 'using " + a.name +
                     " [[attribute]] = int;' (or another type; void for a flag)";
          registered = false;
        }
    if (registered) after_[{lexer->getFileID(), (unsigned)def.raw.back().offset}] = enumRegistration(*e);
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

  // Text that follows a ';' or '}' of a user's file: an enum's __circle_enum_name, the
  // end of a @meta for's lambda.
  void textAfter(const clang::Token& end, std::vector<clang::Token>& due) {
    if (!end.getLocation().isFileID()) return;
    auto [file, offset] = sm_.getDecomposedLoc(end.getLocation());
    auto it = after_.find({file, offset});
    if (it == after_.end()) return;
    RewritePlan plan;
    plan.add(it->second, 0);
    materialize(plan, {end}, due);
    after_.erase(it);
  }

  // @meta for enum (T x : E) { body }, and @meta for (T x : n) { body } with n known
  // while lexing: the body is lexed from the file once per value, each time in a block
  // that begins `static constexpr T x = value;`, so Circle's syntax inside it is taken
  // over like any other statement's.
  struct Replay {
    clang::FileID file;
    unsigned open, close;     // the body's braces
    Lookahead head;           // @ meta for [enum] ( T x : range )
    size_t declFrom, declTo;  // T x
    size_t anchor;            // the range, where each value is said
    std::vector<std::string> values;
    size_t next = 0;
    // Case labels over a count only the compiler knows: the body's leading labels
    // (head tokens [bodyFrom, labelsEnd)) are said for each of kMaxGuardedCases values,
    // the rest of the body only `if constexpr (x < count)`; the file is lexed from
    // `resume`, after the labels.
    size_t bodyFrom = 0, labelsEnd = 0;
    RewritePlan count;
    unsigned resume = 0;
  };
  static constexpr int kMaxGuardedCases = 64;

  std::vector<clang::Token> metaForBlock(const Replay& r, bool first) {
    RewritePlan plan;
    bool guarded = r.labelsEnd > 0;
    if (!first) plan.add(guarded ? "} }" : "}", r.head.tokens.size() - 1);
    if (first && guarded) {
      plan.add("static_assert((", r.anchor);
      for (const PlanPiece& p : r.count.pieces()) p.original >= 0 ? plan.keep(p.original) : plan.add(p.text, p.anchor);
      plan.add(") <= " + std::to_string(kMaxGuardedCases) + ", \"circle's @meta for gives case labels to at most " +
                   std::to_string(kMaxGuardedCases) + " values of a count only the compiler knows\");",
               r.anchor);
    }
    if (r.next < r.values.size()) {
      // static: a case label inside the body may jump past it (C++ allows that past a
      // static variable, not past an automatic one).
      plan.add("{ static constexpr", r.declFrom);
      plan.keep(r.declFrom, r.declTo);
      plan.add("= " + r.values[r.next] + ";", r.anchor);
      if (guarded) {
        plan.add("{", r.bodyFrom - 1);
        plan.keep(r.bodyFrom, r.labelsEnd);
        plan.add("if constexpr (", r.anchor);
        plan.keep(r.declTo - 1);
        plan.add("< (", r.anchor);
        for (const PlanPiece& p : r.count.pieces()) p.original >= 0 ? plan.keep(p.original) : plan.add(p.text, p.anchor);
        plan.add(")) {", r.anchor);
      }
    }
    std::vector<clang::Token> out;
    materialize(plan, r.head.tokens, out);
    return out;
  }

  // The values of a @meta for's range, when they are known while lexing: an enum's
  // enumerators (`for enum`), or 0 ... n-1 for an integer literal n or a noted E.enum_count.
  std::optional<std::vector<std::string>> metaValues(const std::vector<RawToken>& t, size_t from, size_t to,
                                                     bool overEnum, DialectError& error) {
    std::vector<std::string> values;
    if (overEnum) {
      bool ambiguous = false;
      const EnumInfo* e = to == from + 1 ? enums_.find(t[from].text, &ambiguous) : nullptr;
      if (!e || ambiguous) {
        error = {to - 1, ambiguous ? "two enumerations are named '" + t[to - 1].text.str() + "'"
                                   : "'" + t[to - 1].text.str() + "' is not an enumeration circle has seen in your "
                                     "files (one in a system header, or with a directive in its body, is not noted)"};
        return std::nullopt;
      }
      for (const std::string& x : e->enumerators) values.push_back(e->name + "::" + x);
      return values;
    }
    long long n = -1;
    if (to == from + 1 && t[from].kind == tok::numeric_constant) {
      if (t[from].text.getAsInteger(10, n)) n = -1;
    } else if (to == from + 3 && t[from + 2].is("enum_count") && t[from + 1].kind == tok::period) {
      bool ambiguous = false;
      if (const EnumInfo* e = enums_.find(t[from].text, &ambiguous); e && !ambiguous) n = e->enumerators.size();
    }
    if (n < 0 || n > 4096) return std::nullopt;
    for (long long i = 0; i < n; ++i) values.push_back(std::to_string(i));
    return values;
  }

  enum class Meta { NotTaken, Started, Dropped };
  // @meta for enum (T x : E) { body } and @meta for (T x : n) body.
  Meta startMetaFor(clang::Lexer& lexer, const Lookahead& s) {
    const std::vector<RawToken>& t = s.raw;
    if (t.size() < 6 || !t[1].is("meta") || !t[2].is("for")) return Meta::NotTaken;
    bool overEnum = t[3].is("enum");
    size_t open = overEnum ? 4 : 3;
    if (t[open].kind != tok::l_paren) return Meta::NotTaken;
    size_t close = matchingClose(t, open);
    std::optional<size_t> colon = rangeForColon(t, open);
    if (close == std::string::npos || !colon || close + 1 >= t.size() || *colon < open + 3 || close < *colon + 2)
      return Meta::NotTaken;
    bool braced = t[close + 1].kind == tok::l_brace;
    size_t bodyEnd = braced ? matchingClose(t, close + 1) : t.size() - 1;
    if (bodyEnd == std::string::npos) return Meta::NotTaken;
    DialectError error;
    std::optional<std::vector<std::string>> values = metaValues(t, *colon + 1, close, overEnum, error);
    if (!values && overEnum) {
      pp_.Diag(s.tokens[error.token].getLocation(), error_) << error.message;
      seekAfter(lexer, t[bodyEnd]);
      return Meta::Dropped;
    }
    size_t labelsEnd = close + 2;
    while (braced && labelsEnd < bodyEnd) {
      if (t[labelsEnd].is("case")) labelsEnd = freeColon(t, labelsEnd + 1, bodyEnd) + 1;
      else if (t[labelsEnd].is("default") && t[labelsEnd + 1].kind == tok::colon) labelsEnd += 2;
      else break;
      if (labelsEnd == 0) return Meta::NotTaken; // a case without its ':'
    }
    bool labels = labelsEnd > close + 2;
    if (!values && labels) {
      values.emplace();
      for (int i = 0; i < kMaxGuardedCases; ++i) values->push_back(std::to_string(i));
    }
    if (!values || !braced) return startMetaForLambda(lexer, s, open, *colon, close, braced, bodyEnd);
    Replay r{lexer.getFileID(), (unsigned)t[close + 1].offset, (unsigned)t[bodyEnd].offset, {}, open + 1, *colon,
             *colon + 1, std::move(*values)};
    r.resume = r.open;
    size_t headEnd = close + 1;
    if (labels && !metaValues(t, *colon + 1, close, overEnum, error)) {
      r.bodyFrom = close + 2;
      r.labelsEnd = labelsEnd;
      r.resume = (unsigned)t[labelsEnd].offset;
      headEnd = labelsEnd;
      planDependentExpression(t, *colon + 1, close, enums_, r.count);
    }
    r.head.tokens.assign(s.tokens.begin(), s.tokens.begin() + headEnd);
    r.head.raw.assign(t.begin(), t.begin() + headEnd);
    if (r.values.empty()) {
      seekAfter(lexer, t[bodyEnd]);
      return Meta::Dropped;
    }
    std::vector<clang::Token> out = metaForBlock(r, true);
    seek(lexer, r.resume);
    bool guarded = r.labelsEnd > 0;
    replays_.push_back(std::move(r));
    // After the labels the body goes on mid-block, where no '{' of the file starts
    // its statements: they are read from here.
    if (guarded) takeStatements(lexer, out);
    else enter(out);
    return Meta::Started;
  }

  // A range known only to the compiler (a constexpr variable, a template's): the body
  // becomes a generic lambda called once per value, ::__circle_meta_for<(n)>([&]<T x>()
  // { body }). The body is still lexed from the file; a case label, break or continue
  // in it cannot reach past the lambda.
  Meta startMetaForLambda(clang::Lexer& lexer, const Lookahead& s, size_t open, size_t colon, size_t close,
                          bool braced, size_t bodyEnd) {
    const std::vector<RawToken>& t = s.raw;
    RewritePlan plan;
    plan.add("::__circle_meta_for<(", colon + 1);
    planDependentExpression(t, colon + 1, close, enums_, plan);
    plan.add(")>([&]<", open);
    plan.keep(open + 1, colon);
    plan.add(braced ? ">()" : ">() {", close);
    std::vector<clang::Token> out;
    materialize(plan, s.tokens, out);
    after_[{lexer.getFileID(), (unsigned)t[bodyEnd].offset}] = braced ? ");" : "});";
    seekTo(lexer, t[close + 1]);
    enter(out);
    return Meta::Started;
  }

  // At the end of a replayed body: the next value's block, and true when the body is
  // lexed again; after the last, the closing brace (and false: what follows goes on).
  bool replayMetaFor(const clang::Token& brace, std::vector<clang::Token>& due) {
    Replay& r = replays_.back();
    if (!brace.getLocation().isFileID()) return false;
    auto [file, offset] = sm_.getDecomposedLoc(brace.getLocation());
    clang::Lexer* lexer = file == r.file && offset == r.close ? fileLexerAfter(brace) : nullptr;
    if (!lexer) return false;
    ++r.next;
    std::vector<clang::Token> out = metaForBlock(r, false);
    bool again = r.next < r.values.size();
    bool guarded = r.labelsEnd > 0;
    if (again) seek(*lexer, r.resume);
    else replays_.pop_back();
    due.insert(due.begin(), out.begin(), out.end());
    if (again && guarded) {
      takeStatements(*lexer, due);
      due.clear();
    }
    return again;
  }

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

  // Does the '{' just read (the last of `r`) open a braced initializer: after '=' or
  // ']', or after a name (`T{...}`) in a statement that declares no class or namespace?
  static bool bracedInitializer(const std::vector<RawToken>& r) {
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

  // One statement: up to its ';' outside brackets. A block (a '{' outside brackets) or
  // the end of the enclosing one is not a statement this reads; a braced initializer
  // is read with its statement, and a @meta statement ends with its body.
  bool readStatement(clang::Lexer& lexer, Lookahead& out) {
    int depth = 0;
    return readAhead(lexer, out, [&](const RawToken& t) {
      const std::vector<RawToken>& r = out.raw;
      bool meta = r.size() > 1 && r[0].kind == tok::unknown && r[0].text == "@";
      if (meta && t.kind == tok::r_brace && depth == 1) return Read::Done;
      if (t.kind == tok::l_brace && depth == 0 && !meta && !bracedInitializer(r)) return Read::Stop;
      if (opensBracket(t.kind)) ++depth;
      else if (closesBracket(t.kind))
        return depth-- == 0 ? Read::Stop : Read::More;
      else if (t.kind == tok::semi && depth == 0) return Read::Done;
      return Read::More;
    });
  }

  // `try { ... } catch (...) { ... } ...`, up to its last handler's '}'.
  bool readTryStatement(clang::Lexer& lexer, Lookahead& out) {
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

  // What a file's text may need read ahead for, found once per file.
  struct FileText {
    bool packs = false;  // Circle's pack syntax
    bool throws = false; // the word throw, respelled in a kernel
    bool tries = false;  // the word try, respelled in a kernel
  };
  const FileText& fileText(clang::FileID file) {
    auto [it, fresh] = files_.try_emplace(file);
    if (fresh) {
      llvm::StringRef text = sm_.getBufferData(file);
      it->second = {mayHoldPacks(text), text.contains("throw"), text.contains("try")};
    }
    return it->second;
  }

  // The first token of a user's file after a directive or another file (an #include)
  // began a statement no ';', '{' or '}' of the file was seen before: it has reached
  // the parser, so the statement is taken when its respelling keeps that token first.
  void firstStatement(const clang::Token& tok) {
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

  void statements(const clang::Token& tok) {
    // scopes_ has seen tok: a '{' opened the block the next statement is in.
    clang::Lexer* lexer = fileLexerAfter(tok);
    if (!lexer) return;
    std::vector<clang::Token> out;
    takeStatements(*lexer, out);
  }

  // Consecutive Circle statements are taken together: once respelled tokens are
  // entered, the ';' that ends them no longer comes from the file. `out` holds what
  // is respelled before them.
  void takeStatements(clang::Lexer& fileLexer, std::vector<clang::Token>& out) {
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
        if (!plan) break;
        materialize(*plan, whole.tokens, out, &whole.raw);
        seekAfter(*lexer, whole.raw.back());
        continue;
      }
      if (auto printf = planMetaPrintf(next.raw)) {
        if (auto* e = std::get_if<DialectError>(&*printf)) pp_.Diag(next.tokens[e->token].getLocation(), error_) << e->message;
        else materialize(std::get<RewritePlan>(*printf), next.tokens, out, &next.raw);
        seekAfter(*lexer, next.raw.back());
        continue;
      }
      if (next.raw[0].kind == tok::unknown && next.raw[0].text == "@" && next.raw.size() > 1) {
        enter(out); // what came before, then the body from the file
        out.clear();
        Meta meta = startMetaFor(*lexer, next);
        if (meta == Meta::Started) return;
        if (meta == Meta::Dropped) continue;
        pp_.Diag(next.tokens[0].getLocation(), error_)
            << "circle does not take Circle's '@" + next.raw[1].text.str() + "' here yet (dialect/README.md)";
        seekAfter(*lexer, next.raw.back());
        continue;
      }
      std::optional<std::variant<RewritePlan, DialectError>> plan = planStatement(next.raw);
      if (!plan && kernelThrows && holdsThrow(next.raw)) plan = planDeviceThrows(next.raw);
      if (!plan) break;
      if (auto* e = std::get_if<DialectError>(&*plan)) {
        pp_.Diag(next.tokens[e->token].getLocation(), error_) << e->message;
        out.push_back(next.tokens.back()); // the statement is dropped, its ';' kept
      } else {
        materialize(std::get<RewritePlan>(*plan), next.tokens, out, &next.raw);
      }
      seekAfter(*lexer, next.raw.back());
    }
    enter(out);
  }

  // The respelling of a statement of Circle's (an attribute's declaration, packs, @
  // forms), or nothing for one of C++.
  std::optional<std::variant<RewritePlan, DialectError>> planStatement(const std::vector<RawToken>& t) {
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
    bool enumPacks = false;
    for (size_t i = 0; i < t.size() && !enumPacks; ++i) enumPacks = enumPackRef(t, i, enums_).has_value();
    if (!enumPacks)
      if (auto dependent = planDependentPacks(t, enums_, scopes_.current() == ScopeTracker::Kind::Block))
        return dependent;
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
    std::variant<RewritePlan, DialectError> plan = planPackExpansion(t, &enums_);
    if (auto* e = std::get_if<DialectError>(&plan)) return *e;
    return std::get<RewritePlan>(std::move(plan));
  }

  // `x.string` or `(expr).string` at the '.' t[dot], in a file that uses Circle's
  // syntax: an enumerator's name, an integer's digits, or a class's own member named
  // string (the prelude's ->* overloads tell them apart once types are known, which a
  // template's `T x` needs). Not when more follows (`.string.size()`, `.string(...)`,
  // `.string[i]`): the ->* would bind after it.
  static bool isStringTrait(const std::vector<RawToken>& t, size_t dot) {
    if (dot == 0 || dot + 1 >= t.size() || t[dot].kind != tok::period || !t[dot + 1].is("string")) return false;
    if (dot + 2 < t.size() &&
        (t[dot + 2].kind == tok::l_paren || t[dot + 2].kind == tok::period || t[dot + 2].kind == tok::arrow ||
         t[dot + 2].kind == tok::l_square || t[dot + 2].kind == tok::coloncolon))
      return false;
    return t[dot - 1].kind == tok::r_paren || t[dot - 1].kind == tok::raw_identifier;
  }

  // The same after a ')' or a name the parser has just been given.
  void stringTraitAfter(const clang::Token& tok) {
    if (!tok.isOneOf(tok::r_paren, tok::identifier)) return;
    clang::Lexer* lexer = fileLexerAfter(tok);
    if (!lexer) return;
    const char* p = lexer->getBufferLocation();
    if (p == sm_.getBufferData(lexer->getFileID()).end() || *p != '.' || !fileText(lexer->getFileID()).packs) return;
    Lookahead next;
    int count = 0;
    readAhead(*lexer, next, [&](const RawToken&) { return ++count == 3 ? Read::Done : Read::More; });
    std::vector<RawToken> t{{tok.is(tok::r_paren) ? tok::r_paren : tok::raw_identifier, 0, 1, "x"}};
    t.insert(t.end(), next.raw.begin(), next.raw.end());
    if (!isStringTrait(t, 1)) return;
    seekAfter(*lexer, next.raw[1]);
    std::vector<clang::Token> out;
    lexText("->* ::__circle_enumerator_name{}", next.tokens[0].getLocation(), out);
    enter(out);
  }

  // A '{' inside the statement's brackets that opens a body (a lambda's, after its
  // parameters, capture list, mutable, noexcept or trailing return type), not a
  // braced initializer.
  static bool holdsLambdaBody(const std::vector<RawToken>& t) {
    int depth = 0;
    for (size_t k = 0; k < t.size(); ++k) {
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

  // P2392's `operator is`, `A is B` and member type traits (`T.is_reference`) right
  // after `tok`: read before the parser sees them (dialect/pattern_matching.h).
  void isAsAfter(const clang::Token& tok) {
    if (tok.isOneOf(tok::period, tok::arrow)) return; // `x.y is T`: not y's test
    clang::Lexer* lexer = fileLexerAfter(tok);
    if (!lexer) return;
    const char* p = lexer->getBufferLocation();
    llvm::StringRef buffer = sm_.getBufferData(lexer->getFileID());
    while (p < buffer.end() && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) ++p;
    if (p == buffer.end() || !(std::isalpha((unsigned char)*p) || *p == '_') || !fileText(lexer->getFileID()).packs)
      return;
    Lookahead next;
    int count = 0;
    readAhead(*lexer, next, [&](const RawToken&) { return ++count == 4 ? Read::Done : Read::More; });
    std::optional<IsAsSpelling> spelled = respellIsAs(next.raw, 0, isTypeName());
    if (!spelled) return;
    seekAfter(*lexer, next.raw[spelled->length - 1]);
    std::vector<clang::Token> out;
    lexText(spelled->text, next.tokens[0].getLocation(), out);
    enter(out);
  }

  std::function<bool(llvm::StringRef)> isTypeName() const {
    return [this](llvm::StringRef name) { return typeNames_.count(name) != 0; };
  }

  // `inspect (x) { ... }`, up to its block's '}'.
  bool readBlockStatement(clang::Lexer& lexer, Lookahead& out) {
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

  static bool holdsAtExpression(const std::vector<RawToken>& t) {
    for (size_t i = 0; i < t.size(); ++i)
      if (isAtExpression(t, i)) return true;
    return false;
  }

  // An @ form of user attributes (dialect/user_attributes.h) right after `tok`, where
  // no statement took it (an if's condition before its block, a for's header).
  void atExpressionAfter(const clang::Token& tok) {
    clang::Lexer* lexer = fileLexerAfter(tok);
    if (!lexer || !fileText(lexer->getFileID()).packs) return;
    const char* p = lexer->getBufferLocation();
    llvm::StringRef buffer = sm_.getBufferData(lexer->getFileID());
    while (p < buffer.end() && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) ++p;
    if (p == buffer.end() || *p != '@') return;
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
    auto done = planAtExpression(at.raw, 0, plan);
    if (auto* e = std::get_if<DialectError>(&*done)) {
      pp_.Diag(at.tokens[e->token].getLocation(), error_) << e->message;
      seekAfter(*lexer, at.raw.back());
      return;
    }
    std::vector<clang::Token> out;
    materialize(plan, at.tokens, out, &at.raw);
    seekAfter(*lexer, at.raw.back());
    // `@enum_value(E, i).string`: the parser will not see this ')' come from the file.
    Lookahead next;
    int count = 0;
    readAhead(*lexer, next, [&](const RawToken&) { return ++count == 3 ? Read::Done : Read::More; });
    std::vector<RawToken> t{at.raw.back()};
    t.insert(t.end(), next.raw.begin(), next.raw.end());
    if (isStringTrait(t, 1)) {
      lexText("->* ::__circle_enumerator_name{}", next.tokens[0].getLocation(), out);
      seekAfter(*lexer, next.raw[1]);
    }
    enter(out);
  }

  void rangeInit(const clang::Token& colon) {
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

  // The lexer goes on at (or after) a token read ahead.
  void seekTo(clang::Lexer& lexer, const RawToken& t) { seek(lexer, t.offset); }
  void seekAfter(clang::Lexer& lexer, const RawToken& t) { seek(lexer, t.offset + t.length); }
  void seek(clang::Lexer& lexer, size_t offset) {
    llvm::StringRef text = sm_.getBufferData(lexer.getFileID());
    lexer.seek(offset, offset == 0 || text[offset - 1] == '\n');
  }

  // The plan's tokens: the user's as they were lexed, the new ones lexed from the
  // plan's text and placed at their anchors. With `raw`, Circle's member traits among
  // the user's tokens (dialect/member_traits.h) are respelled on the way.
  void materialize(const RewritePlan& plan, const std::vector<clang::Token>& tokens, std::vector<clang::Token>& out,
                   const std::vector<RawToken>* raw = nullptr) {
    const std::vector<PlanPiece>& pieces = plan.pieces();
    for (size_t p = 0; p < pieces.size(); ++p) {
      const PlanPiece& piece = pieces[p];
      if (piece.original >= 0 && raw && isAtExpression(*raw, piece.original)) {
        RewritePlan at;
        auto done = planAtExpression(*raw, piece.original, at);
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
      if (piece.original >= 0 && raw && p + 2 < pieces.size() && pieces[p + 1].original == piece.original + 1 &&
          pieces[p + 2].original == piece.original + 2) {
        auto trait = memberTrait(*raw, piece.original, traits_);
        if (auto* e = trait ? std::get_if<DialectError>(&*trait) : nullptr) {
          pp_.Diag(tokens[e->token].getLocation(), error_) << e->message;
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

  void lexText(const std::string& text, clang::SourceLocation anchor, std::vector<clang::Token>& out) {
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
  std::map<clang::FileID, FileText> files_;
  ScopeTracker scopes_;
  EnumRegistry enums_;
  TraitNames traits_{enums_, {}, {}};
  std::map<std::pair<clang::FileID, unsigned>, std::string> after_; // textAfter()
  std::vector<Replay> replays_;
  clang::Token previous_ = [] {
    clang::Token t;
    t.startToken();
    return t;
  }(); // the token before the one being watched
  clang::IdentifierInfo* pendingArray_ = nullptr;
  clang::Token beforePrevious_ = previous_;
  std::set<std::string, std::less<>> typeNames_; // declared `typename T`, `class C`: `T is U`, T.is_reference
  llvm::DenseSet<const clang::IdentifierInfo*> enumNames_; // noted enums
  llvm::DenseSet<const clang::IdentifierInfo*> traced_;    // names member traits may follow
  std::set<std::string, std::less<>> attributes_;          // user attributes declared so far
  Assert assert_ = Assert::None;
  int assertDepth_ = 0;
  clang::FileID lastFile_;                                 // the previous token's file
  bool startPending_ = false;                              // a directive came after it
};

} // namespace

std::function<void(const clang::Token&)> takeOverDialectStatements(clang::Preprocessor& pp,
                                                                 const std::vector<int>& sms) {
  auto takeover = std::make_shared<DialectTakeover>(pp, sms);
  return [takeover](const clang::Token& tok) { takeover->onToken(tok); };
}

} // namespace circle
