#include "targets/nvptx/tensor_core_loops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

namespace circle {
namespace {

constexpr unsigned kFragmentRegisters = 8;

// 32-bit registers the WMMA operand loads of one trip fill.
unsigned fragmentRegisters(const llvm::Loop& loop, const llvm::DataLayout& dl) {
  unsigned registers = 0;
  for (llvm::BasicBlock* bb : loop.blocks())
    for (llvm::Instruction& i : *bb) {
      auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&i);
      if (!call) continue;
      llvm::StringRef name = call->getCalledFunction()->getName();
      if (!name.starts_with("llvm.nvvm.wmma.") || !(name.contains(".load.a.") || name.contains(".load.b.")))
        continue;
      registers += unsigned(dl.getTypeStoreSize(call->getType()).getFixedValue() / 4);
    }
  return registers;
}

} // namespace

int keepTensorCoreLoopsRolled(llvm::Module& m) {
  int marked = 0;
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    llvm::DominatorTree dt(f);
    llvm::LoopInfo li(dt);
    for (llvm::Loop* loop : li.getLoopsInPreorder()) {
      if (!loop->isInnermost() || llvm::hasUnrollTransformation(loop) != llvm::TM_Unspecified) continue;
      if (fragmentRegisters(*loop, m.getDataLayout()) < kFragmentRegisters) continue;
      loop->setLoopAlreadyUnrolled(); // llvm.loop.unroll.disable: NVPTX prints "nounroll"
      ++marked;
    }
  }
  return marked;
}

} // namespace circle
