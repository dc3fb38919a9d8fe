#include "targets/nvptx/ptx_undefined_registers.h"

#include "targets/nvptx/ptx_function_body.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>

namespace circle {
namespace {

using ptx::FunctionBody;

// "mov.b32" for the %r registers a body declares .b32, "mov.b64" for .b64 %rd ones.
std::string moveFor(const std::string& reg) {
  llvm::StringRef r(reg);
  if (r.starts_with("%rd")) return "mov.b64";
  if (r.starts_with("%r") && r.size() > 2 && std::isdigit(static_cast<unsigned char>(r[2]))) return "mov.b32";
  return {};
}

} // namespace

int defineUndefinedRegisters(std::string& text) {
  return ptx::editFunctionBodies(text, [](const FunctionBody& b) {
    ptx::Insertions insert;
    if (b.blocks.empty()) return insert;
    std::vector<int> dominator(b.registers.size(), -2); // -2: not seen
    for (size_t i = 0; i < b.lines.size(); ++i) {
      auto note = [&](int reg) {
        int block = b.blockOf[i];
        dominator[reg] = dominator[reg] == -2 ? block : dominator[reg] < 0 ? -1 : b.commonDominator(dominator[reg], block);
      };
      for (int d : b.lines[i].defs) note(d);
      for (int u : b.lines[i].uses) note(u);
    }
    const auto& entry = b.blocks[0];
    for (size_t reg = 0; reg < b.registers.size(); ++reg) {
      int home = dominator[reg];
      std::string move = moveFor(b.registers[reg]);
      // Read before written on some path from the entry, and written somewhere: not a
      // register the body only reads (a special one such as %clock64).
      if (!entry.liveIn.test(reg) || b.defCount[reg] == 0 || move.empty() || home < 0 || b.blocks[home].inCycle) continue;
      // Its life begins in `home`: the zero goes before the block's first line that names
      // it, or before its first instruction (after the label and the declarations) when
      // only later blocks do.
      const auto& blk = b.blocks[home];
      int at = -1;
      for (int i = blk.first; i < blk.end; ++i) {
        if (at < 0 && b.lines[i].kind == ptx::Line::Instruction) at = i;
        bool names = false;
        for (int d : b.lines[i].defs) names |= d == (int)reg;
        for (int u : b.lines[i].uses) names |= u == (int)reg;
        if (names) {
          at = i;
          break;
        }
      }
      if (at >= 0) insert[at].push_back("\t" + move + " \t" + b.registers[reg] + ", 0;");
    }
    return insert;
  });
}

} // namespace circle
