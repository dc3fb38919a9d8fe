#include "targets/nvptx/bounded_recursion.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <optional>
#include <vector>

namespace circle {
namespace {

constexpr uint64_t kMaxDepth = 16;       // std::sort of up to 256 elements: 2 log2 n
constexpr unsigned kMaxInstructions = 4000; // the copies' total size stays bounded

struct Candidate {
  llvm::Function* f;
  unsigned depthArg;
  uint64_t maxDepth;
  std::vector<std::pair<llvm::CallInst*, uint64_t>> outside; // each call from elsewhere, its depth's bound
};

// The most `v` can be where its known bits bound it by kMaxDepth: a constant, or a
// choice between constants (std::sort's depth limit or 0, targets/nvptx/warp_sorts.h).
std::optional<uint64_t> depthBound(llvm::Value* v, const llvm::DataLayout& dl) {
  llvm::KnownBits known = llvm::computeKnownBits(v, dl);
  if (known.getBitWidth() > 64 || known.getMaxValue().ugt(kMaxDepth)) return std::nullopt;
  return known.getMaxValue().getZExtValue();
}

// F's calls from elsewhere all pass a small bounded value at one integer argument.
std::optional<Candidate> findCandidate(llvm::Function& f) {
  if (f.isDeclaration() || !f.hasLocalLinkage() || f.isVarArg()) return std::nullopt;
  bool selfCall = false;
  std::vector<llvm::CallInst*> outside;
  for (llvm::Use& u : f.uses()) {
    auto* call = llvm::dyn_cast<llvm::CallBase>(u.getUser());
    if (!call || !call->isCallee(&u) || !llvm::isa<llvm::CallInst>(call) ||
        call->getFunctionType() != f.getFunctionType())
      return std::nullopt;
    if (call->getFunction() == &f) selfCall = true;
    else outside.push_back(llvm::cast<llvm::CallInst>(call));
  }
  if (!selfCall || outside.empty()) return std::nullopt;
  unsigned size = 0;
  for (llvm::BasicBlock& b : f) size += b.size();
  for (llvm::Argument& a : f.args()) {
    if (!a.getType()->isIntegerTy()) continue;
    Candidate c{&f, a.getArgNo(), 0, {}};
    for (llvm::CallInst* call : outside) {
      std::optional<uint64_t> bound = depthBound(call->getArgOperand(a.getArgNo()), f.getDataLayout());
      if (!bound) break;
      c.maxDepth = std::max(c.maxDepth, *bound);
      c.outside.emplace_back(call, *bound);
    }
    if (c.outside.size() == outside.size() && size * (c.maxDepth + 1) <= kMaxInstructions) return c;
  }
  return std::nullopt;
}

// `call` (to the original) goes to `level` when its depth argument is at most
// `bound`, else stays.
void guardCall(llvm::CallInst* call, unsigned depthArg, llvm::Function* level, uint64_t bound) {
  llvm::IRBuilder<> b(call);
  llvm::Value* depth = call->getArgOperand(depthArg);
  llvm::Value* fits = b.CreateICmpULE(depth, llvm::ConstantInt::get(depth->getType(), bound));
  llvm::Instruction *thenTerm, *elseTerm;
  llvm::SplitBlockAndInsertIfThenElse(fits, call, &thenTerm, &elseTerm);
  auto* fast = llvm::cast<llvm::CallInst>(call->clone());
  fast->setCalledFunction(level);
  fast->insertBefore(thenTerm->getIterator());
  auto* slow = llvm::cast<llvm::CallInst>(call->clone());
  slow->insertBefore(elseTerm->getIterator());
  if (!call->getType()->isVoidTy()) {
    b.SetInsertPoint(call);
    llvm::PHINode* phi = b.CreatePHI(call->getType(), 2);
    phi->addIncoming(fast, fast->getParent());
    phi->addIncoming(slow, slow->getParent());
    call->replaceAllUsesWith(phi);
  }
  call->eraseFromParent();
}

void unroll(const Candidate& c) {
  llvm::Function& f = *c.f;
  std::vector<llvm::Function*> levels;
  for (uint64_t k = 0; k <= c.maxDepth; ++k) {
    llvm::ValueToValueMapTy map;
    llvm::Function* level = llvm::CloneFunction(&f, map);
    level->setName(f.getName() + ".depth" + std::to_string(k));
    level->setLinkage(llvm::GlobalValue::InternalLinkage);
    if (k > 0) {
      std::vector<llvm::CallInst*> selfCalls;
      for (llvm::Instruction& i : llvm::instructions(*level))
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i); call && call->getCalledFunction() == &f)
          selfCalls.push_back(call);
      for (llvm::CallInst* call : selfCalls) guardCall(call, c.depthArg, levels[k - 1], k - 1);
    }
    levels.push_back(level);
  }
  // A level runs any depth as F would (its deeper calls fall back to F), so a call
  // goes to the level its argument's bound names.
  for (auto [call, bound] : c.outside) call->setCalledFunction(levels[bound]);
}

} // namespace

int unrollBoundedRecursion(llvm::Module& m) {
  std::vector<Candidate> found;
  for (llvm::Function& f : m)
    if (auto c = findCandidate(f)) found.push_back(*c);
  for (const Candidate& c : found) unroll(c);
  return (int)found.size();
}

} // namespace circle
