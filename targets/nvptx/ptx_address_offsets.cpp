#include "targets/nvptx/ptx_address_offsets.h"

#include "targets/nvptx/ptx_function_body.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>

namespace circle {
namespace {

using ptx::FunctionBody;
using ptx::Line;

struct Sum {
  int base = -1;
  int64_t offset = 0;
};

std::optional<int64_t> integer(llvm::StringRef text) {
  int64_t v = 0;
  if (text.getAsInteger(10, v)) return std::nullopt;
  return v;
}

// `add.{s,u}{32,64} %x, %base, constant` (either order), unguarded.
std::optional<Sum> sumOf(const FunctionBody& b, const Line& l) {
  if (l.kind != Line::Instruction || l.guarded || l.multiLine || l.defs.size() != 1) return std::nullopt;
  if (l.opcode != "add.s32" && l.opcode != "add.u32" && l.opcode != "add.s64" && l.opcode != "add.u64")
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 3> ops;
  llvm::StringRef(l.operands).split(ops, ',');
  if (ops.size() != 3) return std::nullopt;
  for (int k : {1, 2}) {
    std::optional<int64_t> c = integer(ops[3 - k].trim());
    int base = b.registerNamed(ops[k].trim());
    if (c && base >= 0) return Sum{base, *c};
  }
  return std::nullopt;
}

// Whether `reg` is read on line `at` or live after it.
bool liveAt(const FunctionBody& b, int reg, int at) {
  if (std::count(b.lines[at].uses.begin(), b.lines[at].uses.end(), reg)) return true;
  const auto& blk = b.blocks[b.blockOf[at]];
  for (int i = at + 1; i < blk.end; ++i) {
    const Line& l = b.lines[i];
    if (std::count(l.uses.begin(), l.uses.end(), reg)) return true;
    if (l.kills && std::count(l.defs.begin(), l.defs.end(), reg)) return false;
  }
  for (int s : blk.successors)
    if (b.blocks[s].liveIn.test(reg)) return true;
  return false;
}

// `text` with every `[name]`/`[name+k]` as `[base+offset+k]`; none if `name` appears
// anywhere else or an offset leaves 32 bits.
std::optional<std::string> folded(const std::string& text, const std::string& name, const std::string& base,
                                  int64_t offset) {
  std::string out;
  size_t at = 0;
  for (size_t k = text.find(name); k != std::string::npos; k = text.find(name, k + 1)) {
    size_t close = k + name.size();
    if (close < text.size() && std::isdigit(static_cast<unsigned char>(text[close]))) continue; // %r100 in %r1000
    if (k == 0 || text[k - 1] != '[') return std::nullopt;
    int64_t extra = 0;
    if (close < text.size() && text[close] == '+') {
      size_t end = text.find(']', close);
      std::optional<int64_t> c =
          end == std::string::npos ? std::nullopt : integer(llvm::StringRef(text).slice(close + 1, end));
      if (!c) return std::nullopt;
      extra = *c;
      close = end;
    }
    if (close >= text.size() || text[close] != ']') return std::nullopt;
    int64_t total = offset + extra;
    if (total > INT32_MAX || total < INT32_MIN) return std::nullopt;
    out += text.substr(at, k - at) + base + (total ? "+" + std::to_string(total) : "");
    at = close;
  }
  if (at == 0) return std::nullopt; // not read here at all
  return out + text.substr(at);
}

} // namespace

int foldAddressOffsets(std::string& text) {
  return ptx::rewriteFunctionBodies(text, [](const FunctionBody& b) {
    ptx::Replacements replace;
    std::vector<std::vector<int>> readers(b.registers.size());
    for (size_t i = 0; i < b.lines.size(); ++i)
      for (int u : b.lines[i].uses)
        if (readers[u].empty() || readers[u].back() != (int)i) readers[u].push_back((int)i);
    for (size_t x = 0; x < b.registers.size(); ++x) {
      if (b.defCount[x] != 1 || readers[x].empty()) continue;
      int def = b.defLine[x];
      std::optional<Sum> sum = sumOf(b, b.lines[def]);
      if (!sum || sum->base == (int)x || b.defCount[sum->base] != 1 || !b.lineDominates(b.defLine[sum->base], def))
        continue;
      std::map<int, std::string> lines;
      bool all = true;
      for (int i : readers[x]) {
        const Line& l = b.lines[i];
        const std::string& current = replace.count(i) ? replace[i] : l.text;
        std::optional<std::string> again;
        if (l.kind == Line::Instruction && !l.multiLine && !llvm::StringRef(l.text).ltrim().starts_with("{") &&
            b.lineDominates(def, i) && liveAt(b, sum->base, i))
          again = folded(current, b.registers[x], b.registers[sum->base], sum->offset);
        if (!again) {
          all = false;
          break;
        }
        lines[i] = *again;
      }
      if (all)
        for (auto& [i, t] : lines) replace[i] = t;
    }
    return replace;
  });
}

} // namespace circle
