#include "targets/nvptx/thread_exits.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

namespace circle {
namespace {

// The intrinsic an inline assembly call stands for, if its text is only one instruction
// that ends the thread.
llvm::Intrinsic::ID endingIntrinsic(const llvm::CallInst& call) {
  auto* asmv = llvm::dyn_cast<llvm::InlineAsm>(call.getCalledOperand());
  if (!asmv || !call.getType()->isVoidTy() || call.arg_size() != 0) return llvm::Intrinsic::not_intrinsic;
  llvm::StringRef text = llvm::StringRef(asmv->getAsmString()).trim();
  if (text == "exit;" || text == "exit") return llvm::Intrinsic::nvvm_exit;
  if (text == "trap;" || text == "trap") return llvm::Intrinsic::trap;
  return llvm::Intrinsic::not_intrinsic;
}

} // namespace

void endThreadsAtExits(llvm::Module& m) {
  llvm::SmallVector<std::pair<llvm::CallInst*, llvm::Intrinsic::ID>, 4> ends;
  for (llvm::Function& f : m)
    for (llvm::BasicBlock& bb : f)
      for (llvm::Instruction& i : bb)
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i))
          if (llvm::Intrinsic::ID id = endingIntrinsic(*call); id != llvm::Intrinsic::not_intrinsic)
            ends.push_back({call, id});
  for (auto [call, id] : ends) {
    llvm::Function* intrinsic = llvm::Intrinsic::getOrInsertDeclaration(&m, id);
    auto* end = llvm::CallInst::Create(intrinsic, {}, "", call->getIterator());
    end->setDebugLoc(call->getDebugLoc());
    call->eraseFromParent();
    llvm::changeToUnreachable(end->getNextNode());
  }
}

} // namespace circle
