#include "frontend/cuda_arch_branches.h"

#include "frontend/raw_tokens.h"
#include "support/gpu_arch.h"

#include <algorithm>
#include <map>
#include <set>

namespace circle {
namespace {

using clang::tok::TokenKind;
namespace tk = clang::tok;

constexpr llvm::StringLiteral kArch = "__CUDA_ARCH__";
constexpr size_t npos = std::string::npos;

// __CUDA_ARCH__, and the macros only an arch-specific sm defines (sm_90a's
// __CUDA_ARCH_FEAT_SM90_ALL...): what each target's preprocessor would see differently.
bool isArchMacro(const RawToken& t) {
  return t.kind == tk::raw_identifier && (t.text == kArch || isArchSpecificMacro(t.text));
}

// A function body whose value may be needed at compile time (a constexpr or consteval
// function, a lambda in a constexpr initializer) is Constant: there a per-target value
// cannot wait for code generation.
enum class Scope { Function, Constant, Other };
bool isFunction(Scope s) { return s != Scope::Other; }

struct Directive {
  size_t first = 0, last = 0;       // tokens: the '#' .. the line's last token
  size_t lineBegin = 0, lineEnd = 0; // text: its line's start, after its newline
  llvm::StringRef name;
  bool arch = false;      // it names a per-target macro
  bool perTarget = false; // one whose value differs between this compile's targets
  bool isCondition() const {
    return name == "if" || name == "ifdef" || name == "ifndef" || name == "elif" || name == "elifdef" ||
           name == "elifndef";
  }
};

struct Group {
  std::vector<size_t> directives; // indices into the directive list: #if ... #endif
  bool arch = false;              // a condition names __CUDA_ARCH__
  bool balanced = true;           // each branch leaves the braces as it found them
  bool labels = false;            // case, default or a label at a branch's top level
  bool declares = false;          // a declaration at a branch's top level
  bool safeStart = false;         // a statement may start here: inside a function, after ; { } or :
  bool wholeStatements = true;    // each branch ends a statement (; or }), or the text after #endif completes
                                  // it by its line's end, and no else/while/catch continues after #endif
  bool midStatement = false;      // a branch ends inside a statement: the text after #endif completes it
  size_t completedAt = 0;         // then: the end of the line whose ';' completes it
  bool constant = false;          // in a function evaluated at compile time
  size_t endToken = 0;            // the token after #endif's line
};

// One target's view: the value __CUDA_ARCH__ has there (none on the host).
struct Target {
  int sm = 0; // 0: the host (and SPIR-V); support/gpu_arch.h numbers the others
  bool defined() const { return sm != 0; }
  std::optional<long long> macro(llvm::StringRef name) const { return cudaArchMacroValue(name, sm); }
};

// A #if expression with __CUDA_ARCH__ given: nothing when it uses another macro.
class Evaluator {
public:
  Evaluator(const std::vector<RawToken>& t, size_t from, size_t to, const Target& target)
      : t_(t), i_(from), end_(to), target_(target) {}
  std::optional<long long> run() {
    long long v = conditional();
    if (!ok_ || i_ != end_) return std::nullopt;
    return v;
  }

private:
  bool at(TokenKind k) const { return i_ < end_ && t_[i_].kind == k; }
  bool take(TokenKind k) {
    if (!at(k)) return false;
    ++i_;
    return true;
  }
  long long fail() {
    ok_ = false;
    i_ = end_;
    return 0;
  }
  long long conditional() {
    long long c = logicalOr();
    if (!take(tk::question)) return c;
    long long a = conditional();
    if (!take(tk::colon)) return fail();
    long long b = conditional();
    return c ? a : b;
  }
  long long logicalOr() {
    long long v = logicalAnd();
    while (take(tk::pipepipe)) v = (logicalAnd() != 0) | (v != 0);
    return v;
  }
  long long logicalAnd() {
    long long v = bitOr();
    while (take(tk::ampamp)) v = (bitOr() != 0) & (v != 0);
    return v;
  }
  long long bitOr() {
    long long v = bitXor();
    while (take(tk::pipe)) v |= bitXor();
    return v;
  }
  long long bitXor() {
    long long v = bitAnd();
    while (take(tk::caret)) v ^= bitAnd();
    return v;
  }
  long long bitAnd() {
    long long v = equality();
    while (take(tk::amp)) v &= equality();
    return v;
  }
  long long equality() {
    long long v = relational();
    while (true) {
      if (take(tk::equalequal)) v = v == relational();
      else if (take(tk::exclaimequal)) v = v != relational();
      else return v;
    }
  }
  long long relational() {
    long long v = shift();
    while (true) {
      if (take(tk::less)) v = v < shift();
      else if (take(tk::greater)) v = v > shift();
      else if (take(tk::lessequal)) v = v <= shift();
      else if (take(tk::greaterequal)) v = v >= shift();
      else return v;
    }
  }
  long long shift() {
    long long v = additive();
    while (true) {
      if (take(tk::lessless)) v <<= additive();
      else if (take(tk::greatergreater)) v >>= additive();
      else return v;
    }
  }
  long long additive() {
    long long v = multiplicative();
    while (true) {
      if (take(tk::plus)) v += multiplicative();
      else if (take(tk::minus)) v -= multiplicative();
      else return v;
    }
  }
  long long multiplicative() {
    long long v = unary();
    while (true) {
      if (take(tk::star)) v *= unary();
      else if (take(tk::slash) || take(tk::percent)) {
        bool div = t_[i_ - 1].kind == tk::slash;
        long long d = unary();
        if (d == 0) return fail();
        v = div ? v / d : v % d;
      } else return v;
    }
  }
  long long unary() {
    if (take(tk::exclaim)) return !unary();
    if (take(tk::minus)) return -unary();
    if (take(tk::plus)) return unary();
    if (take(tk::tilde)) return ~unary();
    return primary();
  }
  long long primary() {
    if (take(tk::l_paren)) {
      long long v = conditional();
      if (!take(tk::r_paren)) return fail();
      return v;
    }
    if (at(tk::numeric_constant)) {
      llvm::StringRef digits = t_[i_++].text.rtrim("uUlL");
      unsigned long long v = 0;
      if (digits.getAsInteger(0, v)) return fail();
      return (long long)v;
    }
    if (i_ < end_ && t_[i_].is("defined")) {
      ++i_;
      bool paren = take(tk::l_paren);
      if (!(i_ < end_ && isArchMacro(t_[i_]))) return fail(); // another macro: unknown here
      bool defined = target_.macro(t_[i_++].text).has_value();
      if (paren && !take(tk::r_paren)) return fail();
      return defined;
    }
    if (i_ < end_ && isArchMacro(t_[i_])) return target_.macro(t_[i_++].text).value_or(0);
    return fail(); // another identifier: a macro only the preprocessor knows
  }

  const std::vector<RawToken>& t_;
  size_t i_, end_;
  const Target& target_;
  bool ok_ = true;
};

bool isKeywordStatement(llvm::StringRef w) {
  static const std::set<llvm::StringRef> kWords = {
      "return", "if", "for", "while", "do", "switch", "goto", "break", "continue", "else", "case", "default",
      "throw", "delete", "new", "co_return", "co_await", "co_yield", "sizeof", "asm", "__asm__", "try", "catch",
      "static_assert", "this", "true", "false", "nullptr", "operator", "template", "typename"};
  return kWords.count(w) != 0;
}

// Whether the statement starting at token i declares something: `int x`, `T* p =`,
// `std::vector<int> v;`, `auto [a, b] =`, `using`, `typedef`...
bool startsDeclaration(const std::vector<RawToken>& t, size_t i, size_t end) {
  static const std::set<llvm::StringRef> kStarts = {
      "int", "float", "double", "char", "bool", "void", "unsigned", "signed", "long", "short", "auto", "const",
      "constexpr", "static", "volatile", "register", "using", "typedef", "struct", "class", "enum", "union",
      "thread_local", "extern", "decltype", "wchar_t", "char8_t", "char16_t", "char32_t", "__shared__",
      "__device__", "__constant__", "__half", "__nv_bfloat16"};
  if (i >= end || t[i].kind != tk::raw_identifier) return false;
  if (kStarts.count(t[i].text)) return true;
  if (isKeywordStatement(t[i].text)) return false;
  size_t k = i + 1;
  while (k + 1 < end) { // a qualified or templated type name
    if (t[k].kind == tk::coloncolon && t[k + 1].kind == tk::raw_identifier) {
      k += 2;
    } else if (t[k].kind == tk::less) {
      int depth = 0;
      for (; k < end; ++k) {
        if (t[k].kind == tk::less) ++depth;
        else if (t[k].kind == tk::greater && --depth == 0) break;
        else if (t[k].kind == tk::greatergreater && (depth -= 2) <= 0) break;
        else if (t[k].kind == tk::semi || t[k].kind == tk::l_brace) return false;
      }
      ++k;
    } else {
      break;
    }
  }
  while (k < end && (t[k].kind == tk::star || t[k].kind == tk::amp || t[k].kind == tk::ampamp || t[k].is("const")))
    ++k;
  if (k + 1 >= end || t[k].kind != tk::raw_identifier || isKeywordStatement(t[k].text)) return false;
  TokenKind next = t[k + 1].kind;
  return next == tk::equal || next == tk::semi || next == tk::l_paren || next == tk::l_brace ||
         next == tk::l_square || next == tk::comma;
}

// Whether the declaration whose body opens at t[brace] is constexpr or consteval (`if
// constexpr` is a statement, not a declaration).
bool declaresConstant(const std::vector<RawToken>& t, size_t brace) {
  int depth = 0;
  for (size_t k = brace; k-- > 0;) {
    const RawToken& tok = t[k];
    if (tok.kind == tk::hash && tok.atLineStart) return false;
    if (tok.kind == tk::r_paren || tok.kind == tk::r_square) ++depth;
    else if ((tok.kind == tk::l_paren || tok.kind == tk::l_square) && depth > 0) --depth;
    else if (depth == 0 && (tok.kind == tk::semi || tok.kind == tk::l_brace || tok.kind == tk::r_brace)) return false;
    else if (depth == 0 && (tok.is("constexpr") || tok.is("consteval")) && !(k > 0 && t[k - 1].is("if")))
      return true;
  }
  return false;
}

// Whether the use at t[i] in a function body sits in a constant expression (a
// template argument, an array bound, static_assert, a constexpr variable or `if
// constexpr`, a case label), judged from its statement up to it. Where in doubt it
// says yes: such a use is then read in each target's own view.
bool inConstantExpression(const std::vector<RawToken>& t, size_t i) {
  int parens = 0, angles = 0, squares = 0;
  for (size_t k = i; k-- > 0;) {
    const RawToken& tok = t[k];
    if (tok.kind == tk::hash && tok.atLineStart) return false;
    switch (tok.kind) {
    case tk::semi:
    case tk::l_brace:
    case tk::r_brace: return false;
    case tk::r_paren: ++parens; break;
    case tk::l_paren:
      if (parens > 0) --parens;
      break;
    case tk::greater: ++angles; break;
    case tk::less:
      if (angles == 0) return true; // an argument list open around the use
      --angles;
      break;
    case tk::r_square: ++squares; break;
    case tk::l_square:
      if (squares == 0) return true; // an array bound (or a subscript)
      --squares;
      break;
    default:
      if (tok.is("constexpr") || tok.is("consteval") || tok.is("static_assert") || tok.is("case") ||
          tok.is("template") || tok.is("enum") || tok.is("alignas") || tok.is("using") || tok.is("typedef"))
        return true;
    }
  }
  return false;
}

bool opensFunctionScope(const std::vector<RawToken>& t, size_t prev, bool inFunction) {
  if (prev == npos) return false;
  const RawToken& p = t[prev];
  if (p.kind == tk::r_paren || p.kind == tk::r_square) return true;
  if (p.is("else") || p.is("do") || p.is("try") || p.is("const") || p.is("noexcept") || p.is("override") ||
      p.is("mutable"))
    return true;
  return inFunction && (p.kind == tk::l_brace || p.kind == tk::semi || p.kind == tk::r_brace || p.kind == tk::colon);
}

std::string quoted(llvm::StringRef path) {
  std::string s = "\"";
  for (char c : path) {
    if (c == '\\' || c == '"') s += '\\';
    s += c;
  }
  return s + "\"";
}

class Rewriter {
public:
  Rewriter(llvm::StringRef text, llvm::StringRef path, const std::vector<int>& sms, bool host = true)
      : text_(text), path_(path), t_(rawTokens(text)), host_(host) {
    if (host) targets_.push_back({0});
    for (int sm : sms) {
      targets_.push_back({sm});
      archSpecific_ |= smArchSpecific(sm);
    }
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') lineStarts_.push_back(i + 1);
  }

  CudaArchRewrite run() {
    scan();
    CudaArchRewrite result;
    std::string out;
    size_t cursor = 0;
    bool changed = false;
    std::vector<std::pair<size_t, size_t>> regions; // [begin, end) of each rewritten guard
    auto emitCode = [&](size_t to) {
      // Outside the regions: __CUDA_ARCH__ in a function body's expressions.
      // (sm_90a's macros there are left to each target's view.)
      for (; nextCodeUse_ < codeUses_.size() && codeUses_[nextCodeUse_].offset < to; ++nextCodeUse_) {
        const CodeUse& use = codeUses_[nextCodeUse_];
        if (use.offset < cursor) continue;
        if (!use.inFunction || use.name != kArch) {
          result.perTarget |= perTarget(use.name);
          continue;
        }
        out.append(text_.data() + cursor, use.offset - cursor);
        out += "(__nvvm_current_device_sm * 10)";
        cursor = use.offset + kArch.size();
        changed = true;
      }
      out.append(text_.data() + cursor, to - cursor);
      cursor = to;
    };
    for (const Group& g : groups_) {
      size_t begin = dirs_[g.directives.front()].lineBegin;
      if (!g.arch || !g.balanced || !g.safeStart || g.labels || !g.wholeStatements || g.constant || begin < cursor)
        continue;
      size_t end = g.midStatement ? g.completedAt : dirs_[g.directives.back()].lineEnd;
      if (g.midStatement && !closesItsGuards(begin, end)) continue;
      if (g.declares) {
        // The block's end must come after the group's own #endif (unbalanced braces
        // across the guards end it inside them: such a file is left as it is).
        size_t blockEnd = enclosingBlockEnd(g.endToken);
        if (blockEnd == npos || blockEnd < end || !closesItsGuards(begin, blockEnd)) continue;
        end = blockEnd;
      }
      emitCode(begin);
      // Skip the code uses inside the region: each copy substitutes its own value.
      while (nextCodeUse_ < codeUses_.size() && codeUses_[nextCodeUse_].offset < end) ++nextCodeUse_;
      out += region(begin, end);
      regions.push_back({begin, end});
      cursor = end;
      changed = true;
    }
    emitCode(text_.size());
    for (const Directive& d : dirs_)
      if (d.perTarget && std::none_of(regions.begin(), regions.end(),
                                       [&](const auto& r) { return d.lineBegin >= r.first && d.lineBegin < r.second; }))
        result.perTarget = true;
    if (changed) result.text = std::move(out);
    return result;
  }

  // The whole text as `sm` preprocesses it.
  std::optional<std::string> view(int sm) {
    scan();
    if (dirs_.empty() && codeUses_.empty()) return std::nullopt;
    std::string out = copyFor(0, text_.size(), Target{sm});
    if (out == text_) return std::nullopt;
    return out;
  }

private:
  void scan() {
    std::vector<Scope> scopes;
    struct Open {
      size_t group;
      std::vector<Scope> snapshot;
      bool statementStart = true;
      size_t last = npos; // the current branch's last token
    };
    // A branch that stops inside a statement (after `else`, or a lone expression).
    // (cuda_awbarrier.h's arrive(): `... (void)` / `#else const uint64_t token =` / `#endif`
    // then the call both branches end with.)
    auto endBranch = [&](Open& o) {
      if (o.last != npos && t_[o.last].kind != tk::semi && t_[o.last].kind != tk::r_brace)
        groups_[o.group].midStatement = true;
      o.last = npos;
    };
    size_t afterEndif = npos; // a group just closed: the token after it must start a statement
    std::vector<Open> open;
    size_t prev = npos;
    bool reliable = true;
    for (size_t i = 0; i < t_.size();) {
      if (t_[i].kind == tk::hash && t_[i].atLineStart) {
        size_t j = i + 1;
        while (j < t_.size() && !t_[j].atLineStart) ++j;
        Directive d;
        d.first = i;
        d.last = j - 1;
        d.name = i + 1 < j && t_[i + 1].kind == tk::raw_identifier ? t_[i + 1].text : llvm::StringRef();
        d.lineBegin = lineStartOf(t_[i].offset);
        d.lineEnd = lineEndAfter(t_[j - 1].offset + t_[j - 1].length);
        for (size_t k = i + 1; k < j; ++k) {
          d.arch |= isArchMacro(t_[k]);
          d.perTarget |= t_[k].kind == tk::raw_identifier && perTarget(t_[k].text);
        }
        dirs_.push_back(d);
        size_t index = dirs_.size() - 1;
        if (d.name == "if" || d.name == "ifdef" || d.name == "ifndef") {
          Group g;
          g.directives.push_back(index);
          g.arch = d.arch;
          bool inFunction = !scopes.empty() && isFunction(scopes.back());
          g.constant = std::find(scopes.begin(), scopes.end(), Scope::Constant) != scopes.end();
          g.safeStart = reliable && inFunction && prev != npos &&
                        (t_[prev].kind == tk::semi || t_[prev].kind == tk::l_brace || t_[prev].kind == tk::r_brace ||
                         t_[prev].kind == tk::colon);
          groups_.push_back(g);
          open.push_back({groups_.size() - 1, scopes});
        } else if (!open.empty() && (d.name == "elif" || d.name == "elifdef" || d.name == "elifndef" ||
                                     d.name == "else")) {
          Group& g = groups_[open.back().group];
          if (scopes != open.back().snapshot) g.balanced = false;
          endBranch(open.back());
          scopes = open.back().snapshot;
          open.back().statementStart = true;
          g.directives.push_back(index);
          g.arch |= d.arch;
        } else if (!open.empty() && d.name == "endif") {
          Group& g = groups_[open.back().group];
          // Branches that leave different braces open make the rest of the file's
          // structure a guess: nothing after it is rewritten.
          if (scopes != open.back().snapshot) {
            g.balanced = false;
            reliable = false;
          }
          g.directives.push_back(index);
          g.endToken = j;
          endBranch(open.back());
          if (g.midStatement) {
            size_t completed = statementEnd(j);
            if (completed == npos) g.wholeStatements = false;
            else g.completedAt = completed;
          }
          afterEndif = open.back().group;
          open.pop_back();
          if (!open.empty()) open.back().statementStart = true;
        } else if (d.name == "pragma") {
          // A branch that ends with a pragma gives it to the statement after #endif
          // (curand_kernel.h: `#ifdef __CUDA_ARCH__` / `#pragma unroll 16` / `#endif`, then
          // the loop): as a branch ending mid-statement, never an if/else of its own.
          for (Open& o : open) o.last = i;
        }
        i = j;
        continue;
      }
      const RawToken& tok = t_[i];
      bool inFunction = !scopes.empty() && isFunction(scopes.back());
      if (afterEndif != npos && (tok.is("else") || tok.is("while") || tok.is("catch")))
        groups_[afterEndif].wholeStatements = false;
      afterEndif = npos;
      if (isArchMacro(tok)) {
        bool constant = std::find(scopes.begin(), scopes.end(), Scope::Constant) != scopes.end() ||
                        inConstantExpression(t_, i);
        codeUses_.push_back({tok.offset, inFunction && !constant, tok.text});
      }
      for (Open& o : open) {
        o.last = i;
        Group& g = groups_[o.group];
        size_t level = o.snapshot.size();
        if (scopes.size() < level || (tok.kind == tk::r_brace && scopes.size() == level)) g.balanced = false;
        if (scopes.size() == level) {
          if (o.statementStart) {
            if (tok.is("case") || tok.is("default") ||
                (tok.kind == tk::raw_identifier && i + 1 < t_.size() && t_[i + 1].kind == tk::colon))
              g.labels = true;
            else if (startsDeclaration(t_, i, t_.size()))
              g.declares = true;
          }
          o.statementStart = tok.kind == tk::semi || tok.kind == tk::l_brace;
        } else if (scopes.size() == level + 1 && tok.kind == tk::r_brace) {
          o.statementStart = true;
        }
      }
      if (tok.kind == tk::l_brace) {
        Scope s = Scope::Other;
        if (opensFunctionScope(t_, prev, inFunction))
          s = (!scopes.empty() && scopes.back() == Scope::Constant) || declaresConstant(t_, i) ? Scope::Constant
                                                                                              : Scope::Function;
        scopes.push_back(s);
      }
      else if (tok.kind == tk::r_brace && !scopes.empty())
        scopes.pop_back();
      prev = i++;
    }
  }

  // Whether the targets of this compile see the macro differently: __CUDA_ARCH__ always
  // (the host has none); sm_90a's own macros only where a target is arch-specific.
  bool perTarget(llvm::StringRef name) const { return name == kArch || (archSpecific_ && isArchSpecificMacro(name)); }

  size_t lineStartOf(size_t offset) const {
    size_t s = text_.rfind('\n', offset);
    return s == llvm::StringRef::npos ? 0 : s + 1;
  }
  size_t lineEndAfter(size_t offset) const {
    size_t e = text_.find('\n', offset);
    return e == llvm::StringRef::npos ? text_.size() : e + 1;
  }
  unsigned lineOf(size_t offset) const {
    return unsigned(std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset) - lineStarts_.begin()) + 1;
  }

  // Where the block around a guard ends (its '}'), so a declaration in a branch
  // stays visible to the rest of it: npos if the rest holds a label (copies would
  // define it twice) or the block does not end.
  // The end of the line that ends the statement going on at token `from`: its ';'
  // before any brace, directive or label, or, where it goes on with a block (the body
  // of an `else` the branch ended with: cuda_fp8.hpp's conversions, CUTLASS), that
  // block's '}' when no else follows. The ';' or '}' must end its line; npos otherwise.
  size_t statementEnd(size_t from) const {
    if (from < t_.size() && t_[from].kind == tk::l_brace) {
      int braces = 0;
      for (size_t i = from; i < t_.size(); ++i) {
        if (t_[i].kind == tk::hash && t_[i].atLineStart) { // a directive inside: closesItsGuards judges
          while (i + 1 < t_.size() && !t_[i + 1].atLineStart) ++i;
          continue;
        }
        if (t_[i].kind == tk::l_brace) ++braces;
        else if (t_[i].kind == tk::r_brace && --braces == 0) {
          bool lineEnds = i + 1 == t_.size() || t_[i + 1].atLineStart;
          if (!lineEnds || (i + 1 < t_.size() && t_[i + 1].is("else"))) return npos;
          return lineEndAfter(t_[i].offset + t_[i].length);
        }
      }
      return npos;
    }
    int depth = 0;
    for (size_t i = from; i < t_.size(); ++i) {
      const RawToken& tok = t_[i];
      if ((tok.kind == tk::hash && tok.atLineStart) || tok.kind == tk::l_brace || tok.kind == tk::r_brace ||
          tok.is("case") || tok.is("default"))
        return npos;
      if (tok.kind == tk::l_paren || tok.kind == tk::l_square) ++depth;
      else if ((tok.kind == tk::r_paren || tok.kind == tk::r_square) && depth-- == 0) return npos;
      else if (tok.kind == tk::semi && depth == 0)
        return i + 1 == t_.size() || t_[i + 1].atLineStart ? lineEndAfter(tok.offset + tok.length) : npos;
    }
    return npos;
  }

  size_t enclosingBlockEnd(size_t from) const {
    int depth = 0;
    size_t prev = npos;
    for (size_t i = from; i < t_.size(); ++i) {
      if (t_[i].kind == tk::hash && t_[i].atLineStart) { // skip directives
        while (i + 1 < t_.size() && !t_[i + 1].atLineStart) ++i;
        continue;
      }
      const RawToken& tok = t_[i];
      if (tok.is("case") || tok.is("default")) return npos;
      if (tok.kind == tk::raw_identifier && i + 1 < t_.size() && t_[i + 1].kind == tk::colon &&
          (prev == npos || t_[prev].kind == tk::semi || t_[prev].kind == tk::l_brace || t_[prev].kind == tk::r_brace))
        return npos;
      if (tok.kind == tk::l_brace) ++depth;
      if (tok.kind == tk::r_brace && depth-- == 0) return tok.offset;
      prev = i;
    }
    return npos;
  }

  // Whether every conditional directive in [begin, end) opens and closes inside it: a
  // copy that took an enclosing guard's #else or #endif along would unbalance the file.
  bool closesItsGuards(size_t begin, size_t end) const {
    int depth = 0;
    for (const Directive& d : dirs_) {
      if (d.lineBegin < begin || d.lineBegin >= end) continue;
      if (d.name == "if" || d.name == "ifdef" || d.name == "ifndef") ++depth;
      else if (d.name == "endif" && --depth < 0) return false;
      else if (depth == 0 && (d.name == "else" || d.name.starts_with("elif"))) return false;
    }
    return depth == 0;
  }

  // Which way each __CUDA_ARCH__ condition in [begin, end) goes for a target; empty
  // when one cannot be known before preprocessing.
  std::optional<std::vector<bool>> signature(size_t begin, size_t end, const Target& target) const {
    std::vector<bool> s;
    for (const Directive& d : dirs_) {
      if (d.lineBegin < begin || d.lineBegin >= end || !d.arch || !d.isCondition()) continue;
      std::optional<long long> v;
      size_t expr = d.first + 2;
      if (d.name == "ifdef" || d.name == "ifndef" || d.name == "elifdef" || d.name == "elifndef") {
        if (expr == d.last && isArchMacro(t_[expr]))
          v = target.macro(t_[expr].text).has_value() == (d.name == "ifdef" || d.name == "elifdef");
      } else {
        v = Evaluator(t_, expr, d.last + 1, target).run();
      }
      if (!v) return std::nullopt;
      s.push_back(*v != 0);
    }
    return s;
  }

  // The text of [begin, end) as `target` preprocesses it: __CUDA_ARCH__ is its value.
  std::string copyFor(size_t begin, size_t end, const Target& target) const {
    struct Edit {
      size_t from, to;
      std::string with;
    };
    std::vector<Edit> edits;
    auto isDefined = [&](const RawToken& macro) { return target.macro(macro.text).has_value(); };
    for (const Directive& d : dirs_) {
      if (d.lineBegin < begin || d.lineBegin >= end || !d.arch) continue;
      for (size_t k = d.first + 1; k <= d.last; ++k) {
        const RawToken& tok = t_[k];
        if (k == d.first + 1 && (d.name.ends_with("ifdef") || d.name.ends_with("ifndef")) && k + 1 <= d.last &&
            isArchMacro(t_[k + 1])) {
          bool taken = isDefined(t_[k + 1]) != d.name.ends_with("ifndef");
          edits.push_back({tok.offset, t_[k + 1].offset + t_[k + 1].length,
                           std::string(d.name.starts_with("el") ? "elif " : "if ") + (taken ? "1" : "0")});
          ++k;
        } else if (tok.is("defined")) {
          size_t a = k + 1;
          bool paren = a <= d.last && t_[a].kind == tk::l_paren;
          if (paren) ++a;
          if (a > d.last || !isArchMacro(t_[a])) continue;
          size_t last = paren && a + 1 <= d.last && t_[a + 1].kind == tk::r_paren ? a + 1 : a;
          edits.push_back({tok.offset, t_[last].offset + t_[last].length, isDefined(t_[a]) ? "1" : "0"});
          k = last;
        } else if (isArchMacro(tok)) {
          edits.push_back({tok.offset, tok.offset + tok.length, std::to_string(target.macro(tok.text).value_or(0))});
        }
      }
    }
    // Code: the pass's value (the host's copy never runs device-only code).
    for (const CodeUse& use : codeUses_)
      if (use.offset >= begin && use.offset < end)
        edits.push_back({use.offset, use.offset + use.name.size(), std::to_string(target.macro(use.name).value_or(0))});
    std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.from < b.from; });
    std::string out;
    size_t cursor = begin;
    for (const Edit& e : edits) {
      if (e.from < cursor || e.to > end) continue; // overlapping, or past the region: not this copy's
      out.append(text_.data() + cursor, e.from - cursor);
      out += e.with;
      cursor = e.to;
    }
    out.append(text_.data() + cursor, end - cursor);
    return out;
  }

  std::string region(size_t begin, size_t end) const {
    // Targets that preprocess the region alike share a copy; without a signature
    // (a condition names other macros) or with __CUDA_ARCH__ in code, each has its own.
    bool codeUse = std::any_of(codeUses_.begin(), codeUses_.end(),
                               [&](const CodeUse& u) { return u.offset >= begin && u.offset < end; });
    std::vector<std::vector<int>> classes; // indices into targets_, host's class last
    std::map<std::vector<bool>, size_t> bySignature;
    for (size_t i = 0; i < targets_.size(); ++i) {
      std::optional<std::vector<bool>> s = codeUse ? std::nullopt : signature(begin, end, targets_[i]);
      if (!s) {
        classes.push_back({int(i)});
        continue;
      }
      auto [it, fresh] = bySignature.emplace(*s, classes.size());
      if (fresh) classes.push_back({});
      classes[it->second].push_back(int(i));
    }
    // The host (target 0) is in the first class; it becomes the final else, which
    // SPIR-V shaders take too (__CUDA_ARCH__ is not defined for them either).
    if (host_) std::rotate(classes.begin(), classes.begin() + 1, classes.end());
    std::string line = "#line " + std::to_string(lineOf(begin)) + " " + quoted(path_) + "\n";
    std::string out;
    if (classes.size() == 1) {
      out = line + copyFor(begin, end, targets_[0]);
    } else {
      for (size_t c = 0; c < classes.size(); ++c) {
        const Target& first = targets_[classes[c].front()];
        if (c + 1 < classes.size()) {
          // sm_90 and sm_90a share __nvvm_current_device_sm; __nvvm_arch tells them apart.
          std::string cond;
          for (int i : classes[c])
            cond += (cond.empty() ? "" : " || ") +
                    (archSpecific_ ? "__nvvm_arch == " + std::to_string(targets_[i].sm)
                                   : "__nvvm_current_device_sm == " + std::to_string(targets_[i].sm));
          out += (c ? " else if target(" : "if target(") + cond + ") {\n";
        } else {
          out += " else {\n";
        }
        out += line + copyFor(begin, end, first);
        if (out.back() != '\n') out += '\n';
        out += "}";
      }
      out += "\n";
    }
    if (out.back() != '\n') out += '\n';
    return out + "#line " + std::to_string(lineOf(end)) + " " + quoted(path_) + "\n" +
           std::string(end - lineStartOf(end), ' ');
  }

  llvm::StringRef text_, path_;
  std::vector<RawToken> t_;
  bool host_;
  std::vector<Target> targets_;
  bool archSpecific_ = false; // a target is arch-specific (sm_90a)
  std::vector<size_t> lineStarts_;
  std::vector<Directive> dirs_;
  std::vector<Group> groups_;
  struct CodeUse {
    size_t offset;
    bool inFunction; // in a function body
    llvm::StringRef name;
  };
  std::vector<CodeUse> codeUses_; // __CUDA_ARCH__ (or sm_90a's macros) outside directives
  size_t nextCodeUse_ = 0;
};

} // namespace

CudaArchRewrite rewriteCudaArchGuards(llvm::StringRef text, llvm::StringRef path, const std::vector<int>& sms,
                                      bool host) {
  if (sms.empty() || !text.contains("__CUDA_ARCH")) return {};
  return Rewriter(text, path, sms, host).run();
}

std::optional<std::string> viewForTarget(llvm::StringRef text, llvm::StringRef path, int sm) {
  if (!text.contains("__CUDA_ARCH")) return std::nullopt;
  return Rewriter(text, path, {sm}).view(sm);
}

} // namespace circle
