#include "targets/nvptx/managed_vars.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

namespace circle {

void markManagedVariables(llvm::Module& m, const std::set<std::string>& managedSymbols) {
  llvm::LLVMContext& ctx = m.getContext();
  for (const std::string& name : managedSymbols) {
    llvm::GlobalVariable* gv = m.getGlobalVariable(name, /*AllowInternal=*/true);
    if (!gv) continue; // no kernel of this module uses it
    // The NVPTX backend reads the "managed" annotation.
    llvm::Metadata* entry[] = {llvm::ConstantAsMetadata::get(gv), llvm::MDString::get(ctx, "managed"),
                               llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), 1))};
    m.getOrInsertNamedMetadata("nvvm.annotations")->addOperand(llvm::MDNode::get(ctx, entry));
  }
}

} // namespace circle
