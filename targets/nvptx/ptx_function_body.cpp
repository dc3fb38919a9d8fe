#include "targets/nvptx/ptx_function_body.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cctype>

namespace circle::ptx {
namespace {

// Opcodes whose unguarded first operand is a register they write on every path, and
// nothing else of it: what may end a register's liveness.
bool writesFirstOperand(llvm::StringRef op) {
  static const char* kinds[] = {"add", "sub", "mul", "mad", "div", "rem", "abs", "neg", "min", "max",
                                "and", "or", "xor", "not", "cnot", "shl", "shr", "mov", "cvt", "cvta",
                                "ld", "ldu", "setp", "selp", "set", "shfl", "atom", "popc", "clz", "brev",
                                "bfe", "bfi", "prmt", "fma", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2",
                                "ex2", "tanh", "copysign", "testp", "vote", "activemask", "lop3", "slct",
                                "mul24", "mad24", "sad", "bmsk", "szext", "redux", "dp4a", "dp2a", "isspacep",
                                // Tensor-core and texture results: written whole (wgmma, which
                                // accumulates into its first operand, is not among them).
                                "wmma", "mma", "ldmatrix", "tex", "tld4", "suld"};
  llvm::StringRef kind = op.split('.').first;
  for (const char* k : kinds)
    if (kind == k) return true;
  return false;
}

// A line without its comment.
llvm::StringRef codeOf(llvm::StringRef line) { return line.split("//").first; }

// An instruction whose ';' is on a later line.
bool continues(const std::string& line) {
  llvm::StringRef s = codeOf(line).trim();
  if (s.empty() || s == "{" || s == "}" || s.starts_with(".") || s.ends_with(";") || s.ends_with(":")) return false;
  return !(s.starts_with("{") && s.ends_with("}"));
}

bool registerChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Each register %name in `text`.
template <class F>
void forEachRegister(llvm::StringRef text, F f) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') continue;
    size_t j = i + 1;
    while (j < text.size() && registerChar(text[j])) ++j;
    llvm::StringRef name = text.slice(i, j);
    // Special registers (%tid.x, %laneid...) are read, never allocated.
    bool special = j < text.size() && text[j] == '.';
    if (name.size() > 1 && !special && std::isdigit(static_cast<unsigned char>(name.back()))) f(name);
    i = j - 1;
  }
}

// The first operand: up to the first top-level comma.
llvm::StringRef firstOperand(llvm::StringRef operands) {
  int depth = 0;
  for (size_t i = 0; i < operands.size(); ++i) {
    char c = operands[i];
    if (c == '{' || c == '[' || c == '(') ++depth;
    if (c == '}' || c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) return operands.take_front(i);
  }
  return operands;
}

class Builder {
public:
  explicit Builder(FunctionBody& b) : body_(b) {}

  int reg(llvm::StringRef name) {
    auto [it, added] = body_.registerIndex.try_emplace(name, (int)body_.registers.size());
    if (added) body_.registers.push_back(name.str());
    return it->second;
  }

  bool parse(const std::string& text, Line& line) {
    line.text = text;
    llvm::StringRef s = codeOf(text).trim();
    if (s.empty() || s == "{" || s == "}" || s.starts_with(".")) return true;
    if (s.ends_with(":") && s.find_first_of(" \t;") == llvm::StringRef::npos) {
      line.kind = Line::Label;
      line.label = s.drop_back().str();
      return true;
    }
    line.kind = Line::Instruction;
    if (s.starts_with("{")) {
      // Inline asm written on one line: every register it names is read and written.
      forEachRegister(s, [&](llvm::StringRef r) {
        int n = reg(r);
        line.uses.push_back(n);
        line.defs.push_back(n);
      });
      line.opcode = "{asm}";
      return true;
    }
    auto splitAtSpace = [](llvm::StringRef t) {
      size_t at = t.find_first_of(" \t");
      return at == llvm::StringRef::npos ? std::make_pair(t, llvm::StringRef()) : std::make_pair(t.take_front(at), t.drop_front(at));
    };
    if (s.starts_with("@")) {
      auto [guard, rest] = splitAtSpace(s);
      line.guarded = true;
      forEachRegister(guard, [&](llvm::StringRef r) { line.uses.push_back(reg(r)); });
      s = rest.trim();
    }
    s.consume_back(";");
    auto [op, operands] = splitAtSpace(s);
    line.opcode = op.str();
    operands = operands.trim();
    line.operands = operands.str();
    if (op.starts_with("brx")) return false;
    if (op.starts_with("bra")) {
      line.target = operands.trim().str();
      line.terminator = !line.guarded;
      return true;
    }
    if (op == "ret" || op == "exit") {
      line.terminator = !line.guarded;
      return true;
    }
    llvm::StringRef first = firstOperand(operands);
    llvm::StringRef rest = operands.drop_front(first.size());
    bool address = first.trim().starts_with("[");
    line.kills = !line.guarded && !address && writesFirstOperand(op);
    forEachRegister(first, [&](llvm::StringRef r) {
      int n = reg(r);
      if (!address) line.defs.push_back(n);
      // What is not known to be written whole is also read.
      if (address || !line.kills) line.uses.push_back(n);
    });
    forEachRegister(rest, [&](llvm::StringRef r) { line.uses.push_back(reg(r)); });
    return true;
  }

private:
  FunctionBody& body_;
};

void findBlocks(FunctionBody& b) {
  int n = (int)b.lines.size();
  b.blockOf.assign(n, -1);
  for (int i = 0; i < n;) {
    FunctionBody::Block block;
    block.first = i;
    int j = i;
    // A block starts at a label and ends after a branch, ret or exit.
    for (; j < n; ++j) {
      if (j > i && b.lines[j].kind == Line::Label) break;
      if (b.lines[j].kind == Line::Instruction && (b.lines[j].opcode.rfind("bra", 0) == 0 || b.lines[j].terminator)) {
        ++j;
        break;
      }
    }
    block.end = j;
    for (int k = i; k < j; ++k) b.blockOf[k] = (int)b.blocks.size();
    b.blocks.push_back(block);
    i = j;
  }
}

bool linkBlocks(FunctionBody& b) {
  llvm::StringMap<int> labels;
  for (size_t k = 0; k < b.blocks.size(); ++k) {
    const Line& first = b.lines[b.blocks[k].first];
    if (first.kind == Line::Label) labels[first.label] = (int)k;
  }
  for (size_t k = 0; k < b.blocks.size(); ++k) {
    auto& blk = b.blocks[k];
    bool fallsThrough = true;
    for (int i = blk.first; i < blk.end; ++i) {
      const Line& l = b.lines[i];
      if (l.kind != Line::Instruction) continue;
      if (!l.target.empty()) {
        auto it = labels.find(l.target);
        if (it == labels.end()) return false;
        blk.successors.push_back(it->second);
      }
      if (l.terminator) fallsThrough = false;
    }
    if (fallsThrough && k + 1 < b.blocks.size()) blk.successors.push_back((int)k + 1);
  }
  return true;
}

void findDominators(FunctionBody& b) {
  int n = (int)b.blocks.size();
  std::vector<int> order, number(n, -1);
  std::vector<std::vector<int>> preds(n);
  for (int k = 0; k < n; ++k)
    for (int s : b.blocks[k].successors) preds[s].push_back(k);
  // Reverse postorder from the entry, without recursion (bodies have thousands of blocks).
  std::vector<std::pair<int, size_t>> stack{{0, 0}};
  std::vector<bool> seen(n, false);
  seen[0] = true;
  while (!stack.empty()) {
    auto& [k, next] = stack.back();
    if (next < b.blocks[k].successors.size()) {
      int s = b.blocks[k].successors[next++];
      if (!seen[s]) {
        seen[s] = true;
        stack.push_back({s, 0});
      }
    } else {
      order.push_back(k);
      stack.pop_back();
    }
  }
  std::reverse(order.begin(), order.end());
  for (size_t i = 0; i < order.size(); ++i) number[order[i]] = (int)i;
  std::vector<int> idom(n, -2);
  idom[0] = 0;
  auto intersect = [&](int a, int c) {
    while (a != c) {
      while (number[a] > number[c]) a = idom[a];
      while (number[c] > number[a]) c = idom[c];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int k : order) {
      if (k == 0) continue;
      int d = -2;
      for (int p : preds[k]) {
        if (number[p] < 0 || idom[p] == -2) continue;
        d = d == -2 ? p : intersect(p, d);
      }
      if (d != -2 && idom[k] != d) {
        idom[k] = d;
        changed = true;
      }
    }
  }
  for (int k = 0; k < n; ++k) b.blocks[k].idom = k == 0 ? -1 : (idom[k] < 0 ? -2 : idom[k]);
  // Depths in reverse postorder: a block's dominator comes before it.
  for (int k : order)
    if (k != 0 && b.blocks[k].idom >= 0) b.blocks[k].depth = b.blocks[b.blocks[k].idom].depth + 1;
}

// Tarjan's strongly connected components, iteratively: a block is in a cycle when its
// component has two blocks or more, or it branches to itself.
void findCycles(FunctionBody& b) {
  int n = (int)b.blocks.size(), counter = 0;
  std::vector<int> index(n, -1), low(n, 0), component;
  std::vector<bool> onStack(n, false);
  std::vector<std::pair<int, size_t>> work;
  for (int root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    work.push_back({root, 0});
    index[root] = low[root] = counter++;
    component.push_back(root);
    onStack[root] = true;
    while (!work.empty()) {
      auto& [k, next] = work.back();
      auto& succ = b.blocks[k].successors;
      if (next < succ.size()) {
        int s = succ[next++];
        if (s == k) b.blocks[k].inCycle = true;
        if (index[s] < 0) {
          index[s] = low[s] = counter++;
          component.push_back(s);
          onStack[s] = true;
          work.push_back({s, 0});
        } else if (onStack[s]) {
          low[k] = std::min(low[k], index[s]);
        }
        continue;
      }
      int done = k;
      work.pop_back();
      if (!work.empty()) low[work.back().first] = std::min(low[work.back().first], low[done]);
      if (low[done] == index[done]) {
        std::vector<int> members;
        int m;
        do {
          m = component.back();
          component.pop_back();
          onStack[m] = false;
          members.push_back(m);
        } while (m != done);
        if (members.size() > 1)
          for (int x : members) b.blocks[x].inCycle = true;
      }
    }
  }
}

void findLiveness(FunctionBody& b) {
  size_t regs = b.registers.size();
  for (auto& blk : b.blocks) blk.liveIn = llvm::BitVector(regs);
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = (int)b.blocks.size() - 1; k >= 0; --k) {
      auto& blk = b.blocks[k];
      llvm::BitVector live(regs);
      for (int s : blk.successors) live |= b.blocks[s].liveIn;
      for (int i = blk.end - 1; i >= blk.first; --i) {
        const Line& l = b.lines[i];
        if (l.kills)
          for (int d : l.defs) live.reset(d);
        for (int u : l.uses) live.set(u);
      }
      if (live != blk.liveIn) {
        blk.liveIn = std::move(live);
        changed = true;
      }
    }
  }
}

} // namespace

bool FunctionBody::dominates(int a, int b) const {
  if (blocks[a].idom == -2 || blocks[b].idom == -2) return false; // unreachable
  while (blocks[b].depth > blocks[a].depth) b = blocks[b].idom;
  return a == b;
}

bool FunctionBody::lineDominates(int a, int b) const {
  int blockA = blockOf[a], blockB = blockOf[b];
  if (blockA < 0 || blockB < 0) return false;
  return blockA == blockB ? a < b : dominates(blockA, blockB);
}

int FunctionBody::commonDominator(int a, int b) const {
  if (blocks[a].idom == -2 || blocks[b].idom == -2) return -1;
  while (blocks[a].depth > blocks[b].depth) a = blocks[a].idom;
  while (blocks[b].depth > blocks[a].depth) b = blocks[b].idom;
  while (a != b) {
    a = blocks[a].idom;
    b = blocks[b].idom;
  }
  return a;
}

int FunctionBody::registerNamed(llvm::StringRef name) const {
  auto it = registerIndex.find(name);
  return it == registerIndex.end() ? -1 : it->second;
}

bool modelFunctionBody(const std::vector<std::string>& text, FunctionBody& body) {
  body = FunctionBody();
  Builder builder(body);
  for (size_t i = 0; i < text.size(); ++i) {
    // LLVM writes long instructions (wmma.mma's operand lists) over several lines: the
    // first line is the whole instruction, the others are continuations of it.
    std::string statement = codeOf(text[i]).str();
    size_t last = i;
    while (continues(text[last]) && last + 1 < text.size()) statement += " " + codeOf(text[++last]).str();
    body.lines.emplace_back();
    if (!builder.parse(statement, body.lines.back())) return false;
    body.lines.back().text = text[i];
    body.lines.back().multiLine = last > i;
    for (size_t k = i + 1; k <= last; ++k) {
      body.lines.emplace_back();
      body.lines.back().text = text[k];
    }
    i = last;
  }
  if (body.lines.empty()) return false;
  findBlocks(body);
  if (!linkBlocks(body)) return false;
  findDominators(body);
  findCycles(body);
  body.defCount.assign(body.registers.size(), 0);
  body.defLine.assign(body.registers.size(), -1);
  for (size_t i = 0; i < body.lines.size(); ++i)
    for (int d : body.lines[i].defs) {
      ++body.defCount[d];
      body.defLine[d] = (int)i;
    }
  findLiveness(body);
  return true;
}

namespace {

// Each body's lines, with `edit`'s insertions before and replacements instead of them.
int editBodies(std::string& text, const std::function<std::pair<Insertions, Replacements>(const FunctionBody&)>& edit) {
  std::vector<std::string> lines;
  for (llvm::StringRef rest = text; !rest.empty();) {
    auto [line, next] = rest.split('\n');
    lines.push_back(line.str());
    rest = next;
  }
  bool endsWithNewline = !text.empty() && text.back() == '\n';
  std::string out;
  int edited = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    out += '\n';
    // A body: from a line "{" to the next line "}" (LLVM indents every inner brace).
    if (lines[i] != "{") continue;
    size_t end = i + 1;
    while (end < lines.size() && lines[end] != "}") ++end;
    if (end == lines.size()) continue;
    std::vector<std::string> bodyLines(lines.begin() + i + 1, lines.begin() + end);
    FunctionBody body;
    std::pair<Insertions, Replacements> changes;
    if (modelFunctionBody(bodyLines, body)) changes = edit(body);
    auto& [insert, replace] = changes;
    for (size_t k = 0; k < bodyLines.size(); ++k) {
      if (auto it = insert.find((int)k); it != insert.end())
        for (const std::string& line : it->second) {
          out += line;
          out += '\n';
          ++edited;
        }
      auto again = replace.find((int)k);
      out += again != replace.end() ? again->second : bodyLines[k];
      out += '\n';
      if (again != replace.end()) ++edited;
    }
    i = end - 1;
  }
  if (!endsWithNewline && !out.empty()) out.pop_back();
  text = std::move(out);
  return edited;
}

} // namespace

int editFunctionBodies(std::string& text, const std::function<Insertions(const FunctionBody&)>& edit) {
  return editBodies(text, [&](const FunctionBody& b) { return std::make_pair(edit(b), Replacements{}); });
}

int rewriteFunctionBodies(std::string& text, const std::function<Replacements(const FunctionBody&)>& edit) {
  return editBodies(text, [&](const FunctionBody& b) { return std::make_pair(Insertions{}, edit(b)); });
}

} // namespace circle::ptx
