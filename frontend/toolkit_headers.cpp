#include "frontend/toolkit_headers.h"

#include "frontend/cuda_arch_branches.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <initializer_list>
#include <vector>

namespace circle {
namespace {

struct Edit {
  const char* from; // its first line is replaced, at every place it occurs (at least one)
  const char* to;
};

struct Header {
  const char* suffix;
  std::initializer_list<Edit> edits;
  const char* whyNot; // the #error when the header does not read as expected
};

// crt/mma.h: the WMMA API's declarations get bodies `{ }` on the host side, and the
// definitions (mma.hpp) are included only under __CUDA_ARCH__. circle takes the
// device side for both; the definitions are __device__, so the host pass never
// emits them. An edit is padded to the length it replaces: Clang checks a file's
// size against what the file system said, and lines stay where they were.
//
// CCCL (libcu++, CUB, Thrust) chooses per-target code with NV_IF_TARGET. Its nvc++
// path, for a compiler that sees host and device in one pass, expands that to
// `if target (q) { ... } else { ... }` with q an nv::target::target_description
// bitset; the other paths need __CUDA_ARCH__. circle takes the nvc++ path there and
// only there: the rest of CCCL and the CUDA headers keep seeing Clang's CUDA.
const Header kHeaders[] = {
    {"/crt/mma.h",
     {{"#if !defined(__CUDA_ARCH__) && !defined(_NVHPC_CUDA)\n#define __DEF_IF_HOST { }",
       "#if 0 /* circle: device definitions */"},
      {"#if defined(__CUDA_ARCH__)\n#include \"mma.hpp\"", "#if 1"}},
     "circle cannot read this mma.h (WMMA definitions not where expected)"},
    {"/nv/target",
     {{"#elif defined(__NVCOMPILER) && __cplusplus >= 201103L", "#elif 1 /* circle: one pass, as nvc++ */"}},
     "circle cannot read this nv/target (the nvc++ detection not where expected)"},
    {"/nv/detail/__target_macros",
     {{"#if defined(_NV_COMPILER_NVCXX) && defined(_NVHPC_CUDA)", "#if defined(_NV_COMPILER_NVCXX)"},
      // `if target` inside a macro: the prelude's `target` expands only after an `if`
      // the parser sees, so the expansion names the predicate function itself.
      {"(if target _NV_ARCH_COND(cond) {", "(if(__ctif _NV_ARCH_COND(cond)){"}},
     "circle cannot read this nv/detail/__target_macros (the nvc++ path not where expected)"},
};

// Every occurrence of `match` (but those at offsets `leave` says yes to) has its first
// `span` characters replaced by `to`, padded to the same length. Returns how many were.
size_t respellEvery(std::string& text, llvm::StringRef match, size_t span, llvm::StringRef to,
                    const std::function<bool(size_t)>& leave = nullptr) {
  std::string padded = to.str() + std::string(span - to.size(), ' ');
  size_t count = 0;
  for (size_t at = text.find(match.str()); at != std::string::npos; at = text.find(match.str(), at + span)) {
    if (leave && leave(at)) continue;
    text.replace(at, span, padded);
    ++count;
  }
  return count;
}

// The header's longest #define line becomes an #error of the same length: the size
// must not change, and a directive line is outside any comment.
std::string errorInPlace(llvm::StringRef text, llvm::StringRef message) {
  size_t best = llvm::StringRef::npos, bestLength = 0;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == llvm::StringRef::npos) end = text.size();
    if (text.substr(at, end - at).starts_with("#define") && end - at > bestLength) {
      best = at;
      bestLength = end - at;
    }
    at = end + 1;
  }
  std::string out = text.str();
  if (best == llvm::StringRef::npos) return "#error" + out.substr(std::min<size_t>(6, out.size()));
  std::string line = ("#error " + message).str().substr(0, bestLength);
  out.replace(best, bestLength, line + std::string(bestLength - line.size(), ' '));
  return out;
}

// One preprocessor directive: where its logical line (continuations included) lies.
struct Directive {
  size_t begin = 0, end = 0;
  std::string keyword; // define, if, elif, else, endif...
  bool conditional() const {
    llvm::StringRef k = keyword;
    return k.starts_with("if") || k.starts_with("el") || k == "endif";
  }
};

std::vector<Directive> directives(llvm::StringRef text) {
  std::vector<Directive> out;
  for (size_t at = 0; at < text.size();) {
    size_t end = at;
    while (true) { // the logical line: a backslash before the break continues it
      end = text.find('\n', end);
      if (end == llvm::StringRef::npos) {
        end = text.size();
        break;
      }
      if (end == at || text[end - 1] != '\\') break;
      ++end;
    }
    llvm::StringRef line = text.substr(at, end - at).ltrim(" \t");
    if (line.consume_front("#")) {
      line = line.ltrim(" \t");
      llvm::StringRef keyword = line.take_while([](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
      out.push_back({at, end, keyword.str()});
    }
    at = end + 1;
  }
  return out;
}

// One #if...#endif: its #if and #elif lines, and what the directives inside it (nested
// ones included) test and define, comments left out.
struct Conditional {
  std::vector<const Directive*> conditions;
  std::string tests, defines;
};

// Calls `f` for each conditional, innermost first.
template <class F> void forEachConditional(const std::string& text, const std::vector<Directive>& all, F f) {
  std::vector<Conditional> open;
  for (const Directive& d : all) {
    // Comments after a directive often name the other branch's macros.
    llvm::StringRef line = llvm::StringRef(text).substr(d.begin, d.end - d.begin);
    line = line.substr(0, std::min(line.find("//"), line.find("/*")));
    if (!d.conditional()) {
      if (d.keyword == "define")
        for (Conditional& c : open) c.defines += line.str() + "\n";
      continue;
    }
    if (llvm::StringRef(d.keyword).starts_with("if")) open.emplace_back();
    if (open.empty()) continue;
    for (Conditional& c : open) c.tests += line.str() + "\n";
    if (d.keyword != "endif") {
      open.back().conditions.push_back(&d);
      continue;
    }
    Conditional done = std::move(open.back());
    open.pop_back();
    f(done);
  }
}

// Each occurrence of `name` in the conditions of `c` becomes `to`, padded.
size_t respellInConditions(std::string& text, const Conditional& c, llvm::StringRef name, llvm::StringRef to) {
  size_t count = 0;
  for (const Directive* d : c.conditions) {
    std::string within = text.substr(d->begin, d->end - d->begin);
    if (size_t n = respellEvery(within, name, name.size(), to)) {
      text.replace(d->begin, within.size(), within);
      count += n;
    }
  }
  return count;
}

bool asks(const Conditional& c, const std::string& text, llvm::StringRef name) {
  for (const Directive* d : c.conditions)
    if (llvm::StringRef(text).substr(d->begin, d->end - d->begin).contains(name)) return true;
  return false;
}

// CCCL writes, where a compiler that sees host and device in one pass (nvc++) needs
// other code than a two-pass one, a conditional that asks `_CCCL_CUDA_COMPILER(NVHPC)`
// with, in the same #if...#endif, a test of __CUDA_ARCH__ (or its feature macros) for
// the two-pass path. circle reads __CUDA_ARCH__ as the host does, so the two-pass
// path would give every sm the host's choice: cuda::ptx's instructions would become
// calls to an undefined function, and Thrust's device-side tuning (core/util.h's
// sm52/sm60 plan) would disagree with the tuning its host side launches with (a
// silent empty thrust::set_union). circle takes nvc++'s path in each such
// conditional; nvc++'s __NVCOMPILER_CUDA_ARCH__ is defined (frontend/invocation.cpp).
size_t takeOnePassBranches(std::string& text, const std::vector<Directive>& all) {
  const llvm::StringRef nvhpc = "_CCCL_CUDA_COMPILER(NVHPC)";
  size_t count = 0;
  forEachConditional(text, all, [&](const Conditional& c) {
    if (asks(c, text, nvhpc) && llvm::StringRef(c.tests).contains("__CUDA_ARCH"))
      count += respellInConditions(text, c, nvhpc, "1");
  });
  return count;
}

// nvc++'s compile-time PTX version (CUB_PTX_ARCH, __NVCOMPILER_CUDA_ARCH__) is the
// newest sm's in circle's one pass; CUB's policy chain reads it in its ActivePolicy
// alias, whose every kernel circle instantiates per sm (sema/policy_chains.h), and a
// conditional may test it against a version every sm circle targets (sm_75 and newer)
// has reached (Thrust's `>= 600`). Any other read is of __circle_ptx instead, which
// has a value only when every sm has the same PTX version (frontend/invocation.cpp):
// a later CCCL that reads it elsewhere fails to compile for several sms (in a
// conditional, at once) rather than get the newest sm's value.
bool passedByEverySm(llvm::StringRef after) {
  after = after.ltrim(" \t");
  bool orEqual = after.consume_front(">=");
  if (!orEqual && !after.consume_front(">")) return false;
  unsigned version = 0;
  if (after.ltrim(" \t").consumeInteger(10, version)) return false;
  constexpr unsigned kOldest = 750; // CUDA 13's ptxas: sm_75 and newer
  return orEqual ? version <= kOldest : version < kOldest;
}

size_t respellPtxVersionReads(std::string& text, const std::vector<Directive>& all) {
  size_t count = 0;
  for (llvm::StringRef name : {"CUB_PTX_ARCH", "__NVCOMPILER_CUDA_ARCH__"}) {
    auto d = all.begin(); // the first directive that does not end before the occurrence
    auto notARead = [&](size_t at) {
      while (d != all.end() && d->end < at) ++d;
      llvm::StringRef t = text;
      if (d == all.end() || at < d->begin) { // code: all but the policy chain's alias
        size_t lineStart = t.rfind('\n', at) + 1; // npos + 1: the first line
        return t.substr(lineStart, t.find('\n', at) - lineStart).contains("using ActivePolicy");
      }
      // A directive reads the value only in an #if or #elif expression, not as the
      // operand of `defined`.
      bool condition = d->keyword == "if" || d->keyword == "elif";
      return !condition || t.substr(0, at).rtrim(" \t(").ends_with("defined") ||
             passedByEverySm(t.substr(at + name.size()));
    };
    count += respellEvery(text, name, name.size(), "__circle_ptx", notARead);
  }
  return count;
}

// CCCL picks the code of a compiler that sees host and device in one pass where it
// tests _NVHPC_CUDA (CUB's PTX version from __builtin_current_device_sm(), Thrust's
// device-side terminate). circle takes those paths: in CCCL's headers the name reads
// __circle__, which circle predefines. Defining _NVHPC_CUDA itself would also make
// CCCL's compiler detection look for nvc++'s version macros (cuda/std/__cccl/
// compiler.h, left as it is) and change the CUDA headers' own paths.
//
// The exception: CUB's and Thrust's ABI namespaces (cub::CUB_300001_SM_750_900) are
// named after the compile's architectures, nvc++'s from NV_TARGET_SM_INTEGER_LIST,
// nvcc's from __CUDA_ARCH_LIST__, which circle defines as nvcc does. A conditional on
// _NVHPC_CUDA that chooses between the two keeps nvcc's, so that an object circle
// compiles names Thrust's and CUB's types as an nvcc object for the same sms does.
std::optional<std::string> respellNvhpcTests(llvm::StringRef path, llvm::StringRef text) {
  if (!path.contains("/cccl/") || path.ends_with("/cuda/std/__cccl/compiler.h")) return std::nullopt;
  std::string out = text.str();
  std::vector<Directive> all = directives(out);
  std::vector<const Directive*> namespaces; // the ABI namespaces' conditions
  forEachConditional(out, all, [&](const Conditional& c) {
    if (llvm::StringRef(c.defines).contains("NV_TARGET_SM_INTEGER_LIST") &&
        llvm::StringRef(c.defines).contains("__CUDA_ARCH_LIST__"))
      namespaces.insert(namespaces.end(), c.conditions.begin(), c.conditions.end());
  });
  auto inNamespaceChoice = [&](size_t at) {
    return llvm::any_of(namespaces, [&](const Directive* d) { return d->begin <= at && at < d->end; });
  };
  // Each respelling keeps every offset, so the directives found first stay where they are.
  size_t count = respellEvery(out, "_NVHPC_CUDA", 11, "__circle__", inNamespaceChoice);
  count += takeOnePassBranches(out, all);
  count += respellPtxVersionReads(out, all);
  if (count == 0) return std::nullopt;
  return out;
}

// nv/target gives NV_HAS_FEATURE_SM_90a (100a, ...) to nvcc alone: elsewhere it is
// NV_NO_TARGET. circle's arch-specific sms have a bit of their own in __nvvm_arch_mask,
// which the prelude's _NV_TARGET___NV_FEA90A names (sema/implicit_prelude.cpp): each
// such #define is respelled to it, at the same length.
void respellFeatureTargets(std::string& text) {
  const std::string head = "#define NV_HAS_FEATURE_SM_", none = "NV_NO_TARGET";
  for (size_t at = text.find(head); at != std::string::npos; at = text.find(head, at + head.size())) {
    size_t digits = at + head.size(), end = digits;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    size_t lineEnd = text.find('\n', at);
    size_t target = text.find(none, end);
    if (end == digits || end >= text.size() || text[end] != 'a' || target == std::string::npos || target > lineEnd)
      continue;
    std::string name = "__NV_FEA" + text.substr(digits, end - digits) + "A";
    if (name.size() > none.size()) continue;
    text.replace(target, none.size(), name + std::string(none.size() - name.size(), ' '));
  }
}

// Whether text between two directives holds anything but comments and blanks.
bool holdsCode(llvm::StringRef gap) {
  while (!gap.empty()) {
    gap = gap.ltrim(" \t\r\n\\");
    if (gap.consume_front("//")) {
      gap = gap.drop_until([](char c) { return c == '\n'; });
    } else if (gap.consume_front("/*")) {
      size_t end = gap.find("*/");
      gap = end == llvm::StringRef::npos ? llvm::StringRef() : gap.drop_front(end + 2);
    } else {
      return !gap.empty();
    }
  }
  return false;
}

// The #if...#endif spans (offsets) that choose macros by target: their conditions
// test __CUDA_ARCH__ (or an arch-specific sm's macros), and all they hold is #define
// and #undef lines, nested conditionals of the same kind, and comments. The
// outermost of each nest.
std::vector<std::pair<size_t, size_t>> configurationSpans(llvm::StringRef text) {
  std::vector<Directive> all = directives(text);
  struct Open {
    size_t begin;
    bool pure = true, asksArch = false;
  };
  std::vector<Open> open;
  std::vector<std::pair<size_t, size_t>> spans;
  size_t previousEnd = 0;
  for (const Directive& d : all) {
    if (!open.empty() && holdsCode(text.slice(previousEnd, d.begin)))
      for (Open& o : open) o.pure = false;
    previousEnd = d.end;
    llvm::StringRef line = text.slice(d.begin, d.end);
    llvm::StringRef k = d.keyword;
    if (k.starts_with("if")) {
      open.push_back({d.begin});
    } else if (!d.conditional() && k != "define" && k != "undef") {
      for (Open& o : open) o.pure = false; // #include, #pragma, #error...
      continue;
    }
    if (open.empty()) continue;
    if (k != "endif" && k != "else" && line.contains("__CUDA_ARCH")) open.back().asksArch = true;
    if (k != "endif") continue;
    Open done = open.back();
    open.pop_back();
    if (!done.pure) {
      for (Open& o : open) o.pure = false;
      continue;
    }
    if (!done.asksArch) continue;
    while (!spans.empty() && spans.back().first >= done.begin) spans.pop_back(); // nested in this one
    spans.push_back({done.begin, d.end});
  }
  return spans;
}

} // namespace

std::optional<std::string> chooseMacrosForEveryTarget(llvm::StringRef text, llvm::StringRef path, int sm) {
  if (!text.contains("__CUDA_ARCH")) return std::nullopt;
  std::vector<std::pair<size_t, size_t>> spans = configurationSpans(text);
  if (spans.empty()) return std::nullopt;
  std::string out;
  size_t at = 0;
  for (auto [begin, end] : spans) {
    out += text.slice(at, begin);
    std::string span = text.slice(begin, end).str(); // the lexer reads up to a terminating NUL
    std::optional<std::string> viewed = viewForTarget(span, path, sm);
    out += viewed ? *viewed : span;
    at = end;
  }
  out += text.substr(at);
  return out;
}

std::optional<std::string> respellToolkitHeader(llvm::StringRef path, llvm::StringRef text) {
  llvm::SmallString<256> normal(path);
  llvm::sys::path::native(normal, llvm::sys::path::Style::posix);
  const Header* header = nullptr;
  for (const Header& h : kHeaders)
    if (llvm::StringRef(normal).ends_with(h.suffix)) header = &h;
  if (!header) return respellNvhpcTests(normal, text);
  std::string out = text.str();
  for (const Edit& e : header->edits) {
    llvm::StringRef from = e.from;
    // The first line only: what follows the first line break stays.
    if (respellEvery(out, from, std::min(from.find('\n'), from.size()), e.to) == 0)
      return errorInPlace(text, header->whyNot);
  }
  if (llvm::StringRef(normal).ends_with("/nv/detail/__target_macros")) respellFeatureTargets(out);
  return out;
}

} // namespace circle
