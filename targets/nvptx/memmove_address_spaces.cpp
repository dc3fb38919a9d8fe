#include "targets/nvptx/memmove_address_spaces.h"

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/LowerMemIntrinsics.h"

#include <vector>

namespace circle {

int expandMovesAcrossAddressSpaces(llvm::Module& m, llvm::TargetMachine& tm) {
  std::vector<llvm::MemMoveInst*> moves;
  for (llvm::Function& f : m)
    for (llvm::Instruction& inst : llvm::instructions(f))
      if (auto* move = llvm::dyn_cast<llvm::MemMoveInst>(&inst);
          move && move->getSourceAddressSpace() != move->getDestAddressSpace())
        moves.push_back(move);
  for (llvm::MemMoveInst* move : moves) {
    llvm::IRBuilder<> b(move);
    llvm::PointerType* generic = llvm::PointerType::get(m.getContext(), 0);
    llvm::Value* dst = b.CreateAddrSpaceCast(move->getRawDest(), generic);
    llvm::Value* src = b.CreateAddrSpaceCast(move->getRawSource(), generic);
    auto* same = llvm::cast<llvm::MemMoveInst>(b.CreateMemMove(dst, move->getDestAlign(), src, move->getSourceAlign(),
                                                               move->getLength(), move->isVolatile()));
    same->copyMetadata(*move);
    // Generic to generic: LowerMemIntrinsics expands it (it compares the addresses to
    // choose the direction); were it to decline, the memmove stays, within one address
    // space, which the back end lowers itself.
    if (llvm::expandMemMoveAsLoop(same, tm.getTargetTransformInfo(*move->getFunction()))) same->eraseFromParent();
    move->eraseFromParent();
  }
  return int(moves.size());
}

} // namespace circle
