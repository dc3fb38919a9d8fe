#include "targets/nvptx/byval_copies.h"

#include "targets/nvptx/device_link.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace circle {

int copyByvalArguments(llvm::Module& m) {
  int copied = 0;
  for (llvm::Function& f : m) {
    if (f.isDeclaration() || isKernel(f)) continue;
    for (llvm::Argument& a : f.args()) {
      if (!a.hasByValAttr()) continue;
      llvm::Type* type = a.getParamByValType();
      llvm::Align align = a.getParamAlign().valueOrOne();
      llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
      llvm::AllocaInst* own = b.CreateAlloca(type, nullptr, a.getName() + ".copy");
      own->setAlignment(align);
      a.replaceAllUsesWith(own);
      b.CreateMemCpy(own, align, &a, align, m.getDataLayout().getTypeAllocSize(type));
      ++copied;
    }
  }
  return copied;
}

} // namespace circle
