#include "targets/nvptx/ptx_rematerialization.h"

#include "targets/nvptx/ptx_function_body.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace circle {
namespace {

using ptx::FunctionBody;
using ptx::Line;

// How many candidates must read a source for it to be held longer on their behalf.
constexpr int kSharedSource = 4;

// add.s32, shl.b64, mul.lo.u32...: integer operations of two operands with no side
// effect and nothing but the type in their name. Not moves of constants and addresses:
// ptxas places those itself (copies of a shared array's address cost bench/kernels'
// reduce two registers).
bool cheapOpcode(llvm::StringRef op) {
  llvm::SmallVector<llvm::StringRef, 4> parts;
  op.split(parts, '.');
  llvm::StringRef kind = parts[0];
  size_t typeAt = 1;
  if (kind == "mul") {
    if (parts.size() < 2 || parts[1] != "lo") return false;
    typeAt = 2;
  } else if (kind != "add" && kind != "sub" && kind != "shl" && kind != "shr" && kind != "and" && kind != "or" &&
             kind != "xor") {
    return false;
  }
  if (parts.size() != typeAt + 1) return false;
  llvm::StringRef type = parts[typeAt];
  return type == "s32" || type == "u32" || type == "b32" || type == "s64" || type == "u64" || type == "b64";
}

bool isImmediateOrSymbol(llvm::StringRef operand) {
  if (operand.empty() || operand.starts_with("%")) return false; // a special register is read, not constant
  for (char c : operand)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '$' && c != '.') return false;
  return true;
}

class Rematerializer {
public:
  explicit Rematerializer(const FunctionBody& b)
      : b_(b), useBlocks_(b.registers.size()), sources_(b.registers.size()), candidateSourceOf_(b.registers.size(), 0) {
    for (size_t i = 0; i < b.lines.size(); ++i)
      for (int u : b.lines[i].uses) useBlocks_[u].insert(b.blockOf[i]);
    for (size_t k = 0; k < b.registers.size(); ++k)
      if (findSources((int)k))
        for (int s : *sources_[k]) ++candidateSourceOf_[s];
  }

  // The source registers of `reg`'s one computation; none when it is no candidate.
  const std::optional<std::vector<int>>& candidate(int reg) const { return sources_[reg]; }

  // Whether `reg` can be computed again in `block`, its sources there first.
  bool computableIn(int reg, int block, int depth = 0) {
    auto key = std::make_pair(reg, block);
    auto known = decided_.find(key);
    if (known != decided_.end()) return known->second;
    decided_[key] = false; // while deciding
    const auto& sources = candidate(reg);
    int home = b_.blockOf[b_.defLine[reg]];
    bool ok = sources && depth < 8 && home != block && withinLoopOf(block, home) && b_.dominates(home, block);
    for (size_t k = 0; ok && k < sources->size(); ++k) {
      int s = (*sources)[k];
      // Written more than once, the source holds at `block` what it held at reg's home
      // (unchangedAfter), which dominates `block`.
      int sourceHome = b_.blockOf[b_.defLine[s]];
      bool defined = b_.defCount[s] > 1 || (sourceHome != block && b_.dominates(sourceHome, block));
      // A source not live into the block is held longer for the copy: worth one register
      // when several values are computed from it (tid + 32 * k for each of a thread's items).
      ok = defined &&
           (b_.blocks[block].liveIn.test(s) || computableIn(s, block, depth + 1) ||
            candidateSourceOf_[s] >= kSharedSource); // a source's home is in no loop (findSources)
    }
    decided_[key] = ok;
    if (ok) order_[block].push_back(reg); // sources were pushed first
    return ok;
  }

  // Lines to insert before line index -> copies, in order.
  std::map<int, std::vector<int>> plan() {
    for (size_t reg = 0; reg < b_.registers.size(); ++reg) {
      if (!candidate((int)reg)) continue;
      int home = b_.blockOf[b_.defLine[reg]];
      for (int block : useBlocks_[reg])
        if (block != home) computableIn((int)reg, block);
    }
    // Each copy right before its register's first read in the block (a source's before
    // its first dependent's): at the block's top, a copy would be held across what
    // precedes that read.
    std::map<int, std::vector<int>> at;
    for (auto& [block, regs] : order_) {
      const auto& blk = b_.blocks[block];
      std::map<int, int> position;
      for (int reg : regs) {
        position[reg] = blk.end;
        for (int i = blk.first; i < blk.end && position[reg] == blk.end; ++i)
          for (int u : b_.lines[i].uses)
            if (u == reg) position[reg] = i;
      }
      for (auto it = regs.rbegin(); it != regs.rend(); ++it) {
        for (int s : *candidate(*it))
          if (position.count(s)) position[s] = std::min(position[s], position[*it]);
      }
      std::map<int, std::vector<int>> here;
      for (int reg : regs)
        if (position[reg] < blk.end) here[position[reg]].push_back(reg);
      for (auto& [line, copies] : here) at[line] = copies;
    }
    return at;
  }

private:
  // Whether `reg` is a candidate; its sources into sources_.
  bool findSources(int reg) {
    if (b_.defCount[reg] != 1) return false;
    const Line& l = b_.lines[b_.defLine[reg]];
    if (l.kind != Line::Instruction || l.guarded || !l.kills || l.multiLine || l.defs.size() != 1 ||
        !cheapOpcode(l.opcode))
      return false;
    llvm::SmallVector<llvm::StringRef, 3> operands;
    llvm::StringRef(l.operands).split(operands, ',');
    if (operands.size() != 3) return false;
    std::vector<int> sources;
    for (size_t k = 1; k < operands.size(); ++k) {
      llvm::StringRef o = operands[k].trim();
      if (isImmediateOrSymbol(o)) continue;
      int source = b_.registerNamed(o);
      if (source < 0 || !unchangedAfter(source, b_.defLine[reg])) return false;
      sources.push_back(source);
    }
    sources_[reg] = std::move(sources);
    return true;
  }

  // Whether no write of `reg` can follow line `at` (none in a loop): a copy after `at`
  // reads the value `at` read. A register written on each side of a branch (a flag that
  // defaults to 1 and is computed where the item exists) qualifies as one written once.
  bool unchangedAfter(int reg, int at) {
    // Written once where it dominates `at`: every path from `at` to a copy (which `at`'s
    // block dominates) passes `at` again after any new write, in a loop too.
    if (b_.defCount[reg] == 1) return b_.lineDominates(b_.defLine[reg], at);
    int home = b_.blockOf[at];
    const llvm::BitVector& later = reachableFrom(home);
    for (size_t i = 0; i < b_.lines.size(); ++i) {
      if (std::find(b_.lines[i].defs.begin(), b_.lines[i].defs.end(), reg) == b_.lines[i].defs.end()) continue;
      int block = b_.blockOf[i];
      if (block < 0 || b_.blocks[block].inCycle || later.test(block) || (block == home && (int)i > at)) return false;
    }
    return true;
  }

  // Marks in `seen` the blocks `edges` lead to from `work`, and those blocks.
  template <class Edges> static void walk(std::vector<int> work, llvm::BitVector& seen, Edges edges) {
    while (!work.empty()) {
      int k = work.back();
      work.pop_back();
      if (seen.test(k)) continue;
      seen.set(k);
      for (int next : edges(k)) work.push_back(next);
    }
  }

  // The blocks some path from the end of `block` enters.
  const llvm::BitVector& reachableFrom(int block) {
    auto [it, added] = reachable_.try_emplace(block, llvm::BitVector(b_.blocks.size()));
    if (added)
      walk(b_.blocks[block].successors, it->second, [&](int k) -> const std::vector<int>& { return b_.blocks[k].successors; });
    return it->second;
  }

  // Whether a copy in `block` runs no more often than `home`'s computation: `block` is in
  // no loop, or its innermost loop holds `home` (a value computed and read again in one
  // trip of a loop; a value from before a loop is not computed in it).
  bool withinLoopOf(int block, int home) {
    if (!b_.blocks[block].inCycle) return true;
    if (loops_.empty()) findLoops();
    const llvm::BitVector* innermost = nullptr;
    for (const llvm::BitVector& body : loops_)
      if (body.test(block) && (!innermost || body.count() < innermost->count())) innermost = &body;
    return innermost && innermost->test(home); // none: a cycle with no header (irreducible)
  }

  // Natural loops: for each header, the blocks that reach one of its back edges' sources
  // without passing it.
  void findLoops() {
    size_t n = b_.blocks.size();
    std::vector<std::vector<int>> predecessors(n);
    for (size_t k = 0; k < n; ++k)
      for (int s : b_.blocks[k].successors) predecessors[s].push_back((int)k);
    std::map<int, llvm::BitVector> byHeader;
    for (size_t t = 0; t < n; ++t)
      for (int h : b_.blocks[t].successors) {
        if (!b_.dominates(h, (int)t)) continue;
        llvm::BitVector& body = byHeader.try_emplace(h, llvm::BitVector(n)).first->second;
        body.set(h);
        walk({(int)t}, body, [&](int k) -> const std::vector<int>& { return predecessors[k]; });
      }
    for (auto& [header, body] : byHeader) loops_.push_back(std::move(body));
    if (loops_.empty()) loops_.push_back(llvm::BitVector(n)); // none: looked for
  }

  const FunctionBody& b_;
  std::vector<llvm::BitVector> loops_;
  std::map<int, llvm::BitVector> reachable_;
  std::vector<std::set<int>> useBlocks_;
  std::vector<std::optional<std::vector<int>>> sources_;
  std::vector<int> candidateSourceOf_; // per register: how many candidates read it
  std::map<std::pair<int, int>, bool> decided_;
  std::map<int, std::vector<int>> order_;
};

} // namespace

int rematerializeCheapValues(std::string& text) {
  return ptx::editFunctionBodies(text, [](const FunctionBody& body) {
    ptx::Insertions insert;
    for (auto& [line, regs] : Rematerializer(body).plan())
      for (int reg : regs) insert[line].push_back(body.lines[body.defLine[reg]].text);
    return insert;
  });
}

} // namespace circle
