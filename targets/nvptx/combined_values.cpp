#include "targets/nvptx/combined_values.h"

#include "targets/llvm_users.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

namespace circle {
namespace {

// The operand's other users all come before `at` in its block: its value ends there.
bool diesAt(const llvm::Value* operand, const llvm::Instruction* at) {
  if (!llvm::isa<llvm::Instruction>(operand)) return false;
  for (const llvm::User* u : operand->users()) {
    if (u == at) continue;
    auto* other = llvm::dyn_cast<llvm::Instruction>(u);
    if (!other || other->getParent() != at->getParent() || !other->comesBefore(at)) return false;
  }
  return true;
}

bool combinesDyingOperands(const llvm::Instruction& i) {
  if (!llvm::isa<llvm::BinaryOperator>(i) && !llvm::isa<llvm::GetElementPtrInst>(i) && !llvm::isa<llvm::SelectInst>(i))
    return false;
  llvm::SmallPtrSet<const llvm::Value*, 4> dying;
  for (const llvm::Use& op : i.operands())
    if (diesAt(op.get(), &i)) dying.insert(op.get());
  return dying.size() >= 2;
}

// Every use is beyond the block's successors: where MachineSink walks it to.
bool usedOnlyFarAway(const llvm::Instruction& i) {
  const llvm::BasicBlock* bb = i.getParent();
  if (i.use_empty()) return false;
  for (const llvm::Use& u : i.uses()) {
    const llvm::BasicBlock* at = readPoint(u)->getParent();
    if (at == bb) return false;
    for (const llvm::BasicBlock* succ : llvm::successors(bb))
      if (succ == at) return false;
  }
  return true;
}

} // namespace

void keepCombinedValuesInPlace(llvm::Module& m) {
  llvm::Function* fakeUse = nullptr;
  for (llvm::Function& f : m) {
    llvm::SmallVector<llvm::Instruction*, 8> pinned;
    for (llvm::BasicBlock& bb : f) {
      // MachineSink only moves instructions out of blocks that branch.
      if (bb.getTerminator() == nullptr || bb.getTerminator()->getNumSuccessors() < 2) continue;
      for (llvm::Instruction& i : bb)
        if (combinesDyingOperands(i) && usedOnlyFarAway(i)) pinned.push_back(&i);
    }
    if (pinned.empty()) continue;
    // Moved out of a loop to a use after it, a value is computed once instead of every
    // trip: that move MachineSink may make.
    llvm::DominatorTree dt(f);
    llvm::LoopInfo li(dt);
    for (llvm::Instruction* i : pinned) {
      if (llvm::Loop* loop = li.getLoopFor(i->getParent());
          loop && llvm::any_of(i->users(), [&](llvm::User* u) {
            return !loop->contains(llvm::cast<llvm::Instruction>(u)->getParent());
          }))
        continue;
      if (!fakeUse) fakeUse = llvm::Intrinsic::getOrInsertDeclaration(&m, llvm::Intrinsic::fake_use);
      llvm::CallInst::Create(fakeUse, {i}, "", std::next(i->getIterator()));
    }
  }
}

} // namespace circle
