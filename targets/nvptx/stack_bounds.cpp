#include "targets/nvptx/stack_bounds.h"

#include "targets/nvptx/device_link.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <functional>
#include <regex>
#include <set>
#include <vector>

namespace circle {
namespace {

// The module's call graph over defined functions: direct calls, and from each call
// through a pointer to every function whose address is taken.
class CallGraph {
public:
  explicit CallGraph(llvm::Module& m) {
    std::vector<llvm::Function*> addressTaken;
    for (llvm::Function& f : m)
      if (!f.isDeclaration() && f.hasAddressTaken()) addressTaken.push_back(&f);
    for (llvm::Function& f : m) {
      if (f.isDeclaration()) continue;
      std::set<llvm::Function*>& out = callees[&f];
      for (llvm::Instruction& inst : llvm::instructions(f)) {
        auto* call = llvm::dyn_cast<llvm::CallBase>(&inst);
        if (!call || call->isInlineAsm()) continue;
        if (llvm::Function* callee = call->getCalledFunction()) {
          if (!callee->isDeclaration()) out.insert(callee);
        } else {
          out.insert(addressTaken.begin(), addressTaken.end());
        }
      }
    }
  }
  std::map<llvm::Function*, std::set<llvm::Function*>> callees;
};

} // namespace

std::map<std::string, unsigned> parsePtxasFrames(const std::string& output) {
  static const std::regex properties("Function properties for ([A-Za-z0-9_$.]+)\\s*\\n\\s*([0-9]+) bytes stack frame");
  std::map<std::string, unsigned> frames;
  for (auto it = std::sregex_iterator(output.begin(), output.end(), properties); it != std::sregex_iterator(); ++it)
    frames[(*it)[1]] = static_cast<unsigned>(std::stoul((*it)[2]));
  return frames;
}

std::map<std::string, unsigned long long> unboundedKernelStacks(llvm::Module& m,
                                                                const std::map<std::string, unsigned>& frames) {
  std::map<std::string, unsigned long long> bounds;
  std::vector<ReachedFunction> unbounded = findUnboundedStacks(m);
  if (unbounded.empty()) return bounds;
  CallGraph graph(m);
  auto frame = [&](llvm::Function* f) {
    auto it = frames.find(f->getName().str());
    return it == frames.end() ? 0u : it->second;
  };

  // Tarjan's strongly connected components; each component's weight is its frame, or
  // kRecursionDepth times its largest frame when it calls itself.
  std::map<llvm::Function*, int> index, low, component;
  std::vector<llvm::Function*> stack;
  std::set<llvm::Function*> onStack;
  std::vector<unsigned long long> weight;
  std::vector<std::set<int>> successors;
  int counter = 0;
  std::function<void(llvm::Function*)> connect = [&](llvm::Function* f) {
    index[f] = low[f] = counter++;
    stack.push_back(f);
    onStack.insert(f);
    for (llvm::Function* g : graph.callees[f]) {
      if (!index.count(g)) {
        connect(g);
        low[f] = std::min(low[f], low[g]);
      } else if (onStack.count(g)) {
        low[f] = std::min(low[f], index[g]);
      }
    }
    if (low[f] != index[f]) return;
    int id = static_cast<int>(weight.size());
    std::vector<llvm::Function*> members;
    llvm::Function* g;
    do {
      g = stack.back();
      stack.pop_back();
      onStack.erase(g);
      component[g] = id;
      members.push_back(g);
    } while (g != f);
    bool recursive = members.size() > 1 || graph.callees[f].count(f);
    unsigned largest = 0;
    for (llvm::Function* member : members) largest = std::max(largest, frame(member));
    weight.push_back(recursive ? static_cast<unsigned long long>(largest) * kRecursionDepth : largest);
    successors.emplace_back();
    for (llvm::Function* member : members)
      for (llvm::Function* callee : graph.callees[member])
        if (component.count(callee) && component[callee] != id) successors[id].insert(component[callee]);
  };

  // Components are numbered callees first, so one pass in order gives each its
  // deepest path.
  std::vector<unsigned long long> deepest;
  for (const ReachedFunction& r : unbounded) {
    llvm::Function* kernel = m.getFunction(r.kernel);
    if (!kernel) continue;
    if (!index.count(kernel)) connect(kernel);
    deepest.resize(weight.size(), 0);
    for (size_t c = 0; c < weight.size(); ++c) {
      unsigned long long below = 0;
      for (int s : successors[c]) below = std::max(below, deepest[s]);
      deepest[c] = weight[c] + below;
    }
    bounds[r.kernel] = deepest[component[kernel]];
  }
  return bounds;
}

void keepLargestKernelStacks(std::map<std::string, unsigned long long>& most, llvm::Module& m,
                             const std::map<std::string, unsigned>& frames) {
  for (const auto& [kernel, bytes] : unboundedKernelStacks(m, frames)) most[kernel] = std::max(most[kernel], bytes);
}

} // namespace circle
