#include "targets/nvptx/restrict_kernel_pointers.h"

#include "targets/nvptx/device_link.h"

#include "llvm/IR/Module.h"

namespace circle {

void restrictKernelPointers(llvm::Module& m) {
  for (llvm::Function& f : m) {
    if (f.isDeclaration() || !isKernel(f)) continue;
    for (llvm::Argument& a : f.args())
      // byval aggregates are the kernel's own copies already.
      if (a.getType()->isPointerTy() && !a.hasByValAttr()) a.addAttr(llvm::Attribute::NoAlias);
  }
}

} // namespace circle
