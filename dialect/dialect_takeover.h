// The dialect's token watcher (statement_takeover.h) as one class whose parts live in
// files named for them: statement_takeover.cpp (the watcher and whole statements),
// token_splicing.cpp (reading a file ahead, seeking, entering respelled tokens),
// meta_for_replay.cpp (@meta for bodies lexed once per value) and token_peeks.cpp
// (respellings decided a token ahead, where no statement is read). Internal to dialect/.
#pragma once
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

namespace tok = clang::tok;

// The tokens after a point of a file, as the raw lexer reads them, with their views
// for the rewriters.
struct Lookahead {
  std::vector<clang::Token> tokens;
  std::vector<RawToken> raw;
};

// Does the file say anything Circle-only a statement could use? Most files never do,
// and their statements are not read twice.
bool mayHoldPacks(llvm::StringRef text);

class DialectTakeover {
public:
  DialectTakeover(clang::Preprocessor& pp, const std::vector<int>& sms)
      : pp_(pp), sm_(pp.getSourceManager()),
        error_(pp.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) {
    EnumInfo arch = nvvmArchEnum(sms);
    noteEnumName(arch.name);
    enums_.note(std::move(arch));
  }

  void noteEnumName(llvm::StringRef name);
  void macroWrittenConstruct(const clang::Token& tok);
  void macroWrittenPack(const clang::Token& tok);
  // Says once per expansion that circle reads `what` from the text, not from macros.
  void sayMacroWritten(const clang::Token& tok, const std::string& what);
  void macroWrittenTrait(const clang::Token& tok);

  void onToken(const clang::Token& tok);

  // Circle joins a static_assert's message with '+' (`E.enum_names + " is invalid"`):
  // the first operand becomes the prelude's __circle_string after the first '+', and
  // the message is then C++26's constant object with data() and size(), which Clang
  // 22 takes in C++17 and C++20 too (its extension warning is turned off once this is
  // used, as the dialect is not portable C++ anyway).
  void staticAssertMessage(const clang::Token& tok);

  // nvcc reads a GNU asm statement's operands without commas between them
  // (`:: "r"(a) "l"(b)`, as cuda-samples write it); Clang needs them: after an
  // operand's ')' followed in the file by another operand, a ',' is given to the parser.
  void asmOperandCommas(const clang::Token& tok);

  void onTokenInOrder(const clang::Token& tok);

private:
  enum class For { None, Paren, Header };
  enum class Assert { None, Keyword, Condition, Message, Joined };
  enum class Asm { None, Keyword, Template, Operands };

  static llvm::StringRef name(const clang::Token& t) {
    return t.is(tok::identifier) ? t.getIdentifierInfo()->getName() : llvm::StringRef();
  }

  // `E x` with E a noted enum: x's .string is the enumerator's name. `T a[` declares an
  // array: a's .length is its extent. Then Circle's member traits on this name.
  void declaredName(const clang::Token& tok);

  static bool isTypeKeyword(const clang::Token& t) {
    return t.isOneOf(tok::kw_int, tok::kw_char, tok::kw_short, tok::kw_long, tok::kw_unsigned, tok::kw_signed,
                     tok::kw_float, tok::kw_double, tok::kw_bool, tok::kw_auto) ||
           t.isOneOf(tok::kw_char8_t, tok::kw_char16_t, tok::kw_char32_t, tok::kw_wchar_t);
  }

  // An enum definition of a user's file is noted, and its registration follows the ';'
  // that ends it. Circle's attribute lists on its enumerators are left out of what
  // Clang sees.
  void noteEnum(const clang::Token& tok);

  // Text that follows a ';' or '}' of a user's file: an enum's __circle_enum_name, the
  // end of a @meta for's lambda.
  void textAfter(const clang::Token& end, std::vector<clang::Token>& due);

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
    bool wrapped = false; // the body of an if/else/loop/label: the blocks are one statement
  };
  bool wrapNextReplay_ = false;
  static constexpr int kMaxGuardedCases = 64;

  std::vector<clang::Token> metaForBlock(const Replay& r, bool first);

  // The values of a @meta for's range, when they are known while lexing: an enum's
  // enumerators (`for enum`), or 0 ... n-1 for an integer literal n or a noted E.enum_count.
  std::optional<std::vector<std::string>> metaValues(const std::vector<RawToken>& t, size_t from, size_t to,
                                                     bool overEnum, DialectError& error);

  enum class Meta { NotTaken, Started, Dropped };
  // @meta for enum (T x : E) { body } and @meta for (T x : n) body.
  // `before`: the statements' tokens read ahead of it, entered in front of its own when
  // it starts (and left to the caller otherwise).
  Meta startMetaFor(clang::Lexer& lexer, const Lookahead& s, std::vector<clang::Token>& before);

  // A range known only to the compiler (a constexpr variable, a template's): the body
  // becomes a generic lambda called once per value, ::__circle_meta_for<(n)>([&]<T x>()
  // { body }). The body is still lexed from the file; a case label, break or continue
  // in it cannot reach past the lambda.
  Meta startMetaForLambda(clang::Lexer& lexer, const Lookahead& s, size_t open, size_t colon, size_t close,
                          bool braced, size_t bodyEnd, std::vector<clang::Token>& before);
  // `@meta for enum(E e : E)` where the enumerators are not known while lexing (E names a
  // template's type) or the body is one unbraced statement: ::__circle_meta_for_enum<E>(
  // [&]<int k>() { constexpr E e = <k-th enumerator>; body }), C++20's.
  Meta startMetaForEnumLambda(clang::Lexer& lexer, const Lookahead& s, size_t open, size_t colon, size_t close,
                              size_t bodyEnd, std::vector<clang::Token>& before);
  // The unbraced body of a lambda-form '@meta for' is a case or default label: an error
  // (and the construct skipped).
  bool labelsInLambdaBody(clang::Lexer& lexer, const Lookahead& s, size_t close, size_t bodyEnd);
  // The lambda forms need C++20's template lambdas: `why` is said at the '@' otherwise
  // (and the construct skipped).
  bool lambdaFormAllowed(clang::Lexer& lexer, const Lookahead& s, size_t bodyEnd, const std::string& why);
  // `before`, then the plan's tokens, entered; `closing` follows the body's last token.
  void enterLambdaForm(clang::Lexer& lexer, const Lookahead& s, const RewritePlan& plan, size_t close, size_t bodyEnd,
                       const char* closing, std::vector<clang::Token>& before);

  // At the end of a replayed body: the next value's block, and true when the body is
  // lexed again; after the last, the closing brace (and false: what follows goes on).
  bool replayMetaFor(const clang::Token& brace, std::vector<clang::Token>& due);

  // The file lexer `tok` came from, when it is a user's file and the lexer stands
  // right after `tok`; else null.
  clang::Lexer* fileLexerAfter(const clang::Token& tok);

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
      // `v[:] = 1...;`: C's pp-number swallows the dots; Circle reads a number, then '...'.
      // The number's spelling is copied out (Clang's literal parser reads past a token
      // for more of the number), placed at the user's characters.
      size_t offset = sm_.getFileOffset(t.getLocation()), length = t.getLength();
      clang::Token dots;
      bool split = t.is(tok::numeric_constant) && length > 3 && buffer.substr(offset, length).ends_with("...");
      if (split) {
        dots.startToken();
        dots.setKind(tok::ellipsis);
        dots.setLocation(t.getLocation().getLocWithOffset(length - 3));
        dots.setLength(3);
        length -= 3;
        clang::SourceLocation at = t.getLocation();
        pp_.CreateString(buffer.substr(offset, length), t); // the spelling, NUL-ended
        t.setLocation(at);                                   // where diagnostics point
      }
      for (int part = 0; part < (split ? 2 : 1); ++part) {
        clang::Token& each = part ? dots : t;
        size_t at = part ? offset + length : offset, n = part ? 3 : length;
        out.raw.push_back({each.getKind(), at, n, buffer.substr(at, n), part == 0 && t.isAtStartOfLine()});
        if (each.is(tok::raw_identifier)) pp_.LookUpIdentifierInfo(each);
        out.tokens.push_back(each);
        switch (more(out.raw.back())) {
        case Read::More: break;
        case Read::Done: return true;
        case Read::Stop: return false;
        }
      }
    }
    return false;
  }
  enum class Read { More, Done, Stop };
  // The file's text after the lexer's position.
  static llvm::StringRef restOfFile(const clang::Lexer& lexer) {
    llvm::StringRef buffer = lexer.getBuffer();
    return buffer.drop_front(lexer.getBufferLocation() - buffer.begin());
  }
  // The next `n` raw tokens (fewer at the file's end or a directive).
  Lookahead readTokens(clang::Lexer& lexer, int n) {
    Lookahead next;
    readAhead(lexer, next, [&](const RawToken&) { return (int)next.raw.size() == n ? Read::Done : Read::More; });
    return next;
  }

  // Does the '{' just read (the last of `r`) open a braced initializer: after '=' or
  // ']', or after a name (`T{...}`) in a statement that declares no class or namespace?
  static bool bracedInitializer(const std::vector<RawToken>& r);

  // One statement: up to its ';' outside brackets. A block (a '{' outside brackets) or
  // the end of the enclosing one is not a statement this reads; a braced initializer
  // is read with its statement, and a @meta statement ends with its body.
  bool readStatement(clang::Lexer& lexer, Lookahead& out);

  // `try { ... } catch (...) { ... } ...`, up to its last handler's '}'.
  bool readTryStatement(clang::Lexer& lexer, Lookahead& out);

  // What a file's text may need read ahead for, found once per file.
  struct FileText {
    bool packs = false;  // Circle's pack syntax
    bool throws = false; // the word throw, respelled in a kernel
    bool tries = false;  // the word try, respelled in a kernel
  };
  const FileText& fileText(clang::FileID file);

  // The first token of a user's file after a directive or another file (an #include)
  // began a statement no ';', '{' or '}' of the file was seen before: it has reached
  // the parser, so the statement is taken when its respelling keeps that token first.
  void firstStatement(const clang::Token& tok);

  void statements(const clang::Token& tok);

  // Consecutive Circle statements are taken together: once respelled tokens are
  // entered, the ';' that ends them no longer comes from the file. `out` holds what
  // is respelled before them.
  void takeStatements(clang::Lexer& fileLexer, std::vector<clang::Token>& out);

  // The respelling of a statement of Circle's (an attribute's declaration, packs, @
  // forms), or nothing for one of C++.
  std::optional<std::variant<RewritePlan, DialectError>> planStatement(const std::vector<RawToken>& t);

  // `x.string` or `(expr).string` at the '.' t[dot], in a file that uses Circle's
  // syntax: an enumerator's name, an integer's digits, or a class's own member named
  // string (the prelude's ->* overloads tell them apart once types are known, which a
  // template's `T x` needs). `.string[i]` binds the subscript to the tag first (one
  // character). Not when more follows (`.string.size()`, `.string(...)`): the ->* would
  // bind after it.
  static bool isStringTrait(const std::vector<RawToken>& t, size_t dot);
  // Does a token of this kind (or keyword) before a name bind tighter than ->*?
  static bool bindsBeforePointerToMember(clang::tok::TokenKind kind, llvm::StringRef spelling);

  // The peeks a token ahead below (stringTraitAfter, isAsAfter, atExpressionAfter) run
  // only while dialectFile_: in files that use Circle's syntax.
  // The same after a ')' or a name the parser has just been given.
  void stringTraitAfter(const clang::Token& tok);
  // `. string` next in the file after `before`: its respelling into `out`, the lexer past it.
  bool takeStringTrait(clang::Lexer& lexer, const RawToken& before, std::vector<clang::Token>& out);

  // A '{' inside the statement's brackets that opens a body (a lambda's, after its
  // parameters, capture list, mutable, noexcept or trailing return type), not a
  // braced initializer.
  static bool holdsLambdaBody(const std::vector<RawToken>& t);
  // `if (...) {`, `while (...) {`, `switch (...) {`, `for (...) {` whose header holds a
  // dynamic fold: the header respelled into `out`, the lexer past its ')'. False when it
  // is not one.
  bool takeBlockHeader(clang::Lexer& lexer, Lookahead& header, std::vector<clang::Token>& out);
  // A range-for over a pack expansion (dialect/range_for.h), `s` read up to its body's
  // '{' (`braced`) or its one-statement body's ';': respelled into `out`, the lexer past
  // what it took (a braced body's '{' comes from the file, its '}' gets the block's).
  // False when `s` is not one.
  bool takePackRangeFor(clang::Lexer& lexer, Lookahead& s, bool braced, std::vector<clang::Token>& out);
  // `if (c) @meta for ...`, `else`, a loop's or a label's: the prefix into `out`, then the
  // @meta for started as one statement. NotTaken when `s` is not one.
  Meta takeMetaAfterPrefix(clang::Lexer& lexer, const Lookahead& s, std::vector<clang::Token>& out);
  // `@meta printf(...);`, alone or after such a prefix: respelled into `out`, the lexer
  // past it. False when `s` is not one.
  bool takeMetaPrintf(clang::Lexer& lexer, const Lookahead& s, std::vector<clang::Token>& out);

  // P2392's `operator is`, `A is B` and member type traits (`T.is_reference`) right
  // after `tok`: read before the parser sees them (dialect/pattern_matching.h).
  void isAsAfter(const clang::Token& tok);

  std::function<bool(llvm::StringRef)> isTypeName() const {
    return [this](llvm::StringRef name) { return typeNames_.count(name) != 0; };
  }

  // `inspect (x) { ... }`, up to its block's '}'.
  bool readBlockStatement(clang::Lexer& lexer, Lookahead& out);

  static bool holdsAtExpression(const std::vector<RawToken>& t);

  // An @ form of user attributes (dialect/user_attributes.h) right after `tok`, where
  // no statement took it (an if's condition before its block, a for's header).
  void atExpressionAfter(const clang::Token& tok);

  void rangeInit(const clang::Token& colon);

  // The lexer goes on at (or after) a token read ahead.
  void seekTo(clang::Lexer& lexer, const RawToken& t) { seek(lexer, t.offset); }
  void seekAfter(clang::Lexer& lexer, const RawToken& t) { seek(lexer, t.offset + t.length); }
  void seek(clang::Lexer& lexer, size_t offset);

  // The plan's tokens: the user's as they were lexed, the new ones lexed from the
  // plan's text and placed at their anchors. With `raw`, Circle's member traits among
  // the user's tokens (dialect/member_traits.h) are respelled on the way.
  void materialize(const RewritePlan& plan, const std::vector<clang::Token>& tokens, std::vector<clang::Token>& out,
                   const std::vector<RawToken>* raw = nullptr);

  void lexText(const std::string& text, clang::SourceLocation anchor, std::vector<clang::Token>& out);

  void enter(const std::vector<clang::Token>& tokens);

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
  // Blocks whose end gets a '}' (a range-for over a pack closes the block it opened):
  // each by its '{' in the file, then, once that '{' is met, the depth it opened.
  struct BlockClose {
    clang::FileID file;
    unsigned open;
    size_t depth = 0;
  };
  std::vector<BlockClose> blockCloses_;
  void closeBlocks(const clang::Token& tok, std::vector<clang::Token>& due);
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
  std::set<unsigned> macroWrittenAts_;                     // expansions already told they cannot
  Assert assert_ = Assert::None;
  int assertDepth_ = 0;
  Asm asm_ = Asm::None;
  int asmDepth_ = 0;
  clang::FileID lastFile_;                                 // the previous token's file
  bool startPending_ = false; // a statement starts unseen: after a directive or another file
  bool userFile_ = false;     // lastFile_ is a user's file (not a system header)
  bool dialectFile_ = false;  // ... that uses Circle's syntax (fileText().packs)
};

} // namespace circle
