#include "targets/nvptx/merged_recomputations.h"

#include "targets/llvm_users.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

namespace circle {
namespace {

constexpr int kDepth = 3;

bool readsSpecialRegister(const llvm::Value* v) {
  auto* call = llvm::dyn_cast<llvm::CallInst>(v);
  const llvm::Function* f = call ? call->getCalledFunction() : nullptr;
  return f && call->arg_size() == 0 && f->getName().starts_with("llvm.nvvm.read.ptx.sreg.");
}

// What any block can read again without holding anything longer.
bool isLeaf(const llvm::Value* v) {
  return llvm::isa<llvm::Constant>(v) || llvm::isa<llvm::Argument>(v) || readsSpecialRegister(v);
}

bool cheap(const llvm::Instruction& i) {
  return (llvm::isa<llvm::BinaryOperator>(i) || llvm::isa<llvm::CastInst>(i) || llvm::isa<llvm::GetElementPtrInst>(i)) &&
         !i.mayReadOrWriteMemory();
}

// `a` and `b` compute the same value from the same leaves.
bool same(const llvm::Value* a, const llvm::Value* b, int depth) {
  if (isLeaf(a) || isLeaf(b)) {
    if (a == b) return true;
    auto* ca = llvm::dyn_cast<llvm::CallInst>(a);
    auto* cb = llvm::dyn_cast<llvm::CallInst>(b);
    return ca && cb && readsSpecialRegister(ca) && ca->getCalledFunction() == cb->getCalledFunction();
  }
  auto* ia = llvm::dyn_cast<llvm::Instruction>(a);
  auto* ib = llvm::dyn_cast<llvm::Instruction>(b);
  if (depth == 0 || !ia || !ib || !cheap(*ia) || !ia->isSameOperationAs(ib)) return false;
  for (unsigned k = 0; k < ia->getNumOperands(); ++k)
    if (!same(ia->getOperand(k), ib->getOperand(k), depth - 1)) return false;
  return true;
}

bool mergesSameValue(const llvm::PHINode& phi) {
  const llvm::Value* first = phi.getIncomingValue(0);
  if (isLeaf(first) || phi.getNumIncomingValues() < 2) return false;
  for (const llvm::Value* v : phi.incoming_values())
    if (!same(first, v, kDepth)) return false;
  return true;
}

// A copy of `v` computed right before `at`.
llvm::Value* recompute(llvm::Value* v, llvm::Instruction* at, const llvm::DominatorTree& dt) {
  if (isLeaf(v)) {
    auto* read = llvm::dyn_cast<llvm::CallInst>(v);
    if (!read || dt.dominates(read, at)) return v;
    auto* again = read->clone();
    again->insertBefore(at->getIterator());
    return again;
  }
  auto* i = llvm::cast<llvm::Instruction>(v);
  llvm::Instruction* copy = i->clone();
  for (unsigned k = 0; k < i->getNumOperands(); ++k) copy->setOperand(k, recompute(i->getOperand(k), at, dt));
  copy->insertBefore(at->getIterator());
  return copy;
}

} // namespace

void recomputeMergedValues(llvm::Module& m) {
  for (llvm::Function& f : m) {
    llvm::SmallVector<llvm::PHINode*, 16> phis;
    for (llvm::BasicBlock& bb : f)
      for (llvm::PHINode& phi : bb.phis())
        if (mergesSameValue(phi)) phis.push_back(&phi);
    if (phis.empty()) continue;
    llvm::DominatorTree dt(f);
    llvm::LoopInfo li(dt);
    for (llvm::PHINode* phi : phis) {
      llvm::Loop* home = li.getLoopFor(phi->getParent());
      for (llvm::Use& u : llvm::make_early_inc_range(phi->uses())) {
        llvm::Instruction* at = readPoint(u);
        // Computed again inside a loop the phi is outside of, it would cost every trip.
        llvm::Loop* loop = li.getLoopFor(at->getParent());
        if (loop && loop != home && !loop->contains(phi->getParent())) continue;
        u.set(recompute(phi->getIncomingValue(0), at, dt));
      }
      if (phi->use_empty()) phi->eraseFromParent();
    }
  }
}

} // namespace circle
