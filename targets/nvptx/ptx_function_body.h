// One PTX function's body as lines, basic blocks, dominators, cycles and register
// liveness: what a pass over the PTX LLVM wrote needs to know before it moves an
// instruction. The model is conservative where PTX leaves it unsure: every register an
// instruction's first operand (or an inline asm block) names counts as written there,
// but only instructions known to write their first operand end a register's liveness;
// a body with control flow it cannot follow (brx.idx) is not modelled.
#pragma once
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace circle::ptx {

struct Line {
  enum Kind { Other, Label, Instruction } kind = Other;
  std::string text;            // as written
  std::string label;           // Label: its name
  std::string opcode;          // Instruction: without its guard
  std::string operands;        // Instruction: up to the ';'
  bool guarded = false;        // @%p / @!%p
  bool kills = false;          // its writes end the registers' earlier values on every path
  bool terminator = false;     // bra (unguarded), ret, exit
  bool multiLine = false;      // Instruction: its operands go on over the next lines
  std::string target;          // bra: the label
  std::vector<int> defs, uses; // register numbers (FunctionBody::registers)
};

struct FunctionBody {
  std::vector<Line> lines;
  std::vector<std::string> registers;    // "%r12" ...
  llvm::StringMap<int> registerIndex;     // name -> its index in `registers`
  // Blocks: [first, end) line ranges; successors; immediate dominators (-1: the entry,
  // -2: unreachable) and the depth in the dominator tree.
  struct Block {
    int first = 0, end = 0;
    std::vector<int> successors;
    int idom = -1;
    int depth = 0;
    bool inCycle = false;
    llvm::BitVector liveIn; // registers read before written on some path from here
  };
  std::vector<Block> blocks;
  std::vector<int> blockOf;        // per line
  std::vector<int> defCount;       // per register
  std::vector<int> defLine;        // per register: its (last) writing line

  bool dominates(int a, int b) const;     // block a dominates block b
  bool lineDominates(int a, int b) const; // line a runs before line b on every path to b
  int commonDominator(int a, int b) const; // the nearest block dominating both; -1 if either is unreachable
  int registerNamed(llvm::StringRef name) const; // -1: not in the body
};

// Builds the model of the lines between a function's braces; false when its control
// flow cannot be followed.
bool modelFunctionBody(const std::vector<std::string>& lines, FunctionBody& body);

// Lines to insert before a body's line (by index).
using Insertions = std::map<int, std::vector<std::string>>;
// A body's lines (by index) to write instead as given.
using Replacements = std::map<int, std::string>;

// Calls `edit` with the model of each function body of `ptx` it can model and inserts
// the lines it returns; returns how many.
int editFunctionBodies(std::string& ptx, const std::function<Insertions(const FunctionBody&)>& edit);
// The same, for lines written again; returns how many.
int rewriteFunctionBodies(std::string& ptx, const std::function<Replacements(const FunctionBody&)>& edit);

} // namespace circle::ptx
