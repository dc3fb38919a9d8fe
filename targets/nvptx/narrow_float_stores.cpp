#include "targets/nvptx/narrow_float_stores.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <cctype>
#include <map>
#include <vector>

namespace circle {
namespace {

// The bits of a PTX type name; 0 for what is not one.
int typeBits(llvm::StringRef t) {
  if (t.size() < 2 || !llvm::StringRef("bsuf").contains(t[0])) return 0;
  unsigned bits = 0;
  if (t.drop_front().getAsInteger(10, bits)) return 0;
  return bits == 8 || bits == 16 || bits == 32 || bits == 64 ? int(bits) : 0;
}

// The instruction's first type, which for every instruction that writes a register is
// the destination's (cvt.f64.s32: f64).
llvm::StringRef firstType(llvm::StringRef opcode) {
  llvm::SmallVector<llvm::StringRef, 6> parts;
  opcode.split(parts, '.');
  for (size_t i = 1; i < parts.size(); ++i)
    if (typeBits(parts[i])) return parts[i];
  return {};
}

struct Instruction {
  llvm::StringRef indent, predicate, opcode, operands; // operands: up to the ';'
};

bool parse(llvm::StringRef line, Instruction& out) {
  llvm::StringRef rest = line.ltrim(" \t");
  out.indent = line.take_front(line.size() - rest.size());
  if (rest.starts_with("@")) {
    size_t space = rest.find_first_of(" \t");
    if (space == llvm::StringRef::npos) return false;
    out.predicate = rest.take_front(space);
    rest = rest.drop_front(space).ltrim(" \t");
  }
  size_t space = rest.find_first_of(" \t");
  if (space == llvm::StringRef::npos || !rest.ends_with(";")) return false;
  out.opcode = rest.take_front(space);
  out.operands = rest.drop_front(space).drop_back().trim();
  return !out.opcode.empty() && (std::isalpha((unsigned char)out.opcode[0]) != 0);
}

// One function's lines: registers a floating-point instruction writes, then the narrow
// stores of those registers.
int fixFunction(const std::vector<llvm::StringRef>& lines, size_t begin, size_t end,
                const std::map<std::string, int>& widths, std::map<size_t, std::string>& replaced) {
  llvm::StringSet<> floats;
  for (size_t i = begin; i < end; ++i) {
    Instruction in;
    if (!parse(lines[i], in) || in.opcode.starts_with("st.") || in.opcode.starts_with("setp")) continue;
    llvm::StringRef type = firstType(in.opcode);
    if (!type.starts_with("f")) continue;
    llvm::StringRef destination = in.operands.split(',').first.trim();
    if (destination.starts_with("%")) floats.insert(destination);
  }
  if (floats.empty()) return 0;
  int changed = 0;
  for (size_t i = begin; i < end; ++i) {
    Instruction in;
    if (!parse(lines[i], in) || !in.opcode.starts_with("st.") || in.opcode.contains(".v2") || in.opcode.contains(".v4"))
      continue;
    int bits = typeBits(in.opcode.rsplit('.').second);
    llvm::StringRef value = in.operands.rsplit(',').second.trim();
    if (!bits || !floats.contains(value)) continue;
    llvm::StringRef prefix = value.drop_front().take_while([](char c) { return std::isalpha((unsigned char)c); });
    auto width = widths.find(prefix.str());
    if (width == widths.end() || width->second <= bits) continue;
    std::string w = std::to_string(width->second);
    std::string mask = std::to_string((1ull << bits) - 1);
    std::string address = in.operands.rsplit(',').first.trim().str();
    replaced[i] = in.indent.str() + "{ .reg .b" + w + " %circle_narrow; and.b" + w + " %circle_narrow, " + value.str() +
               ", " + mask + "; " + (in.predicate.empty() ? "" : in.predicate.str() + " ") + in.opcode.str() + " " +
               address + ", %circle_narrow; }";
    ++changed;
  }
  return changed;
}

} // namespace

int isolateNarrowStoresOfFloatValues(std::string& ptx) {
  // Lines as views of the PTX: every compile passes here, and few change.
  std::vector<llvm::StringRef> lines;
  for (llvm::StringRef rest = ptx; !rest.empty();) {
    auto [line, tail] = rest.split('\n');
    lines.push_back(line);
    rest = tail;
  }
  // Register names and widths from their declarations (`.reg .b64 %rd<40>;`); each
  // function (`.entry`, `.func`) has its own registers.
  std::map<std::string, int> widths;
  std::vector<size_t> starts;
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef l = lines[i].trim();
    if (l.contains(".entry ") || l.contains(".func ")) starts.push_back(i);
    if (l.consume_front(".reg ")) {
      auto [type, name] = l.split(' ');
      name = name.trim();
      if (name.consume_front("%")) {
        std::string prefix = name.take_while([](char c) { return std::isalpha((unsigned char)c); }).str();
        if (int bits = typeBits(type.drop_front())) widths[prefix] = bits;
      }
    }
  }
  starts.push_back(lines.size());
  std::map<size_t, std::string> replaced;
  int changed = 0;
  for (size_t f = 0; f + 1 < starts.size(); ++f) changed += fixFunction(lines, starts[f], starts[f + 1], widths, replaced);
  if (changed == 0) return 0;
  std::string out;
  out.reserve(ptx.size() + replaced.size() * 64);
  for (size_t i = 0; i < lines.size(); ++i) {
    auto it = replaced.find(i);
    out += it == replaced.end() ? lines[i].str() : it->second;
    if (i + 1 < lines.size() || ptx.back() == '\n') out += '\n';
  }
  ptx = std::move(out);
  return changed;
}

} // namespace circle
