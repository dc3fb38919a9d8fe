#include "targets/nvptx/tensor_core_loops.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

namespace circle {
namespace {

constexpr unsigned kFragmentRegisters = 8;

bool loadsFragment(const llvm::Function& f) {
  llvm::StringRef name = f.getName();
  return name.starts_with("llvm.nvvm.wmma.") && (name.contains(".load.a.") || name.contains(".load.b."));
}

// 32-bit registers the WMMA operand loads of one trip fill.
unsigned fragmentRegisters(const llvm::Loop& loop, const llvm::DataLayout& dl) {
  unsigned registers = 0;
  for (llvm::BasicBlock* bb : loop.blocks())
    for (llvm::Instruction& i : *bb)
      if (auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&i); call && loadsFragment(*call->getCalledFunction()))
        registers += unsigned(dl.getTypeStoreSize(call->getType()).getFixedValue() / 4);
  return registers;
}

} // namespace

void keepTensorCoreLoopsRolled(llvm::Module& m) {
  // Only the functions that load fragments need their loops found.
  llvm::SetVector<llvm::Function*> loading;
  for (llvm::Function& intrinsic : m)
    if (intrinsic.isDeclaration() && loadsFragment(intrinsic))
      for (llvm::User* u : intrinsic.users())
        if (auto* call = llvm::dyn_cast<llvm::CallBase>(u)) loading.insert(call->getFunction());
  for (llvm::Function* f : loading) {
    llvm::DominatorTree dt(*f);
    llvm::LoopInfo li(dt);
    for (llvm::Loop* loop : li.getLoopsInPreorder()) {
      if (!loop->isInnermost() || llvm::hasUnrollTransformation(loop) != llvm::TM_Unspecified) continue;
      if (fragmentRegisters(*loop, m.getDataLayout()) < kFragmentRegisters) continue;
      loop->setLoopAlreadyUnrolled(); // llvm.loop.unroll.disable: NVPTX prints "nounroll"
    }
  }
}

} // namespace circle
