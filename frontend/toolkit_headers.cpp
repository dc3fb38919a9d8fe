#include "frontend/toolkit_headers.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace circle {
namespace {

struct Edit {
  const char* from;
  const char* to;
};

// crt/mma.h: the WMMA API's declarations get bodies `{ }` on the host side, and the
// definitions (mma.hpp) are included only under __CUDA_ARCH__. circle takes the
// device side for both; the definitions are __device__, so the host pass never
// emits them. An edit is padded to the length it replaces: Clang checks a file's
// size against what the file system said, and lines stay where they were.
constexpr Edit kMma[] = {
    {"#if !defined(__CUDA_ARCH__) && !defined(_NVHPC_CUDA)\n#define __DEF_IF_HOST { }",
     "#if 0 /* circle: device definitions */"},
    {"#if defined(__CUDA_ARCH__)\n#include \"mma.hpp\"", "#if 1"},
};

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

} // namespace

std::optional<std::string> respellToolkitHeader(llvm::StringRef path, llvm::StringRef text) {
  llvm::SmallString<256> normal(path);
  llvm::sys::path::native(normal, llvm::sys::path::Style::posix);
  if (!llvm::StringRef(normal).ends_with("/crt/mma.h")) return std::nullopt;
  std::string out = text.str();
  for (const Edit& e : kMma) {
    size_t at = out.find(e.from);
    if (at == std::string::npos)
      return errorInPlace(text, "circle cannot read this mma.h (WMMA definitions not where expected)");
    std::string from = e.from, to = e.to;
    // The condition line only: what follows the first line break stays.
    size_t line = from.find('\n');
    out.replace(at, line, to + std::string(line - to.size(), ' '));
  }
  return out;
}

} // namespace circle
