#include "targets/nvptx/aggregate_copies.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

#include <algorithm>
#include <vector>

namespace circle {

int widenAggregateCopies(llvm::Module& m) {
  std::vector<llvm::MemCpyInst*> copies;
  for (llvm::Function& f : m)
    for (llvm::Instruction& inst : llvm::instructions(f))
      if (auto* copy = llvm::dyn_cast<llvm::MemCpyInst>(&inst); copy && !copy->isVolatile()) copies.push_back(copy);
  int widened = 0;
  const llvm::DataLayout& dl = m.getDataLayout();
  for (llvm::MemCpyInst* copy : copies) {
    auto* length = llvm::dyn_cast<llvm::ConstantInt>(copy->getLength());
    if (!length) continue;
    uint64_t bytes = length->getZExtValue();
    // What the addresses prove, where Clang wrote less (an int4 copied into an array of
    // 2-byte elements takes the array's alignment).
    llvm::Align dst = std::max(copy->getDestAlign().valueOrOne(), llvm::getKnownAlignment(copy->getDest(), dl, copy));
    llvm::Align src =
        std::max(copy->getSourceAlign().valueOrOne(), llvm::getKnownAlignment(copy->getSource(), dl, copy));
    uint64_t align = std::min(dst.value(), src.value());
    // PTX's widest access is 16 bytes, naturally aligned.
    if ((bytes != 16 && bytes != 8) || align < bytes) continue;
    llvm::IRBuilder<> b(copy);
    llvm::Type* type = bytes == 16 ? static_cast<llvm::Type*>(llvm::FixedVectorType::get(b.getInt32Ty(), 4))
                                   : b.getInt64Ty();
    llvm::LoadInst* value = b.CreateAlignedLoad(type, copy->getSource(), llvm::Align(align));
    llvm::StoreInst* store = b.CreateAlignedStore(value, copy->getDest(), llvm::Align(align));
    if (llvm::MDNode* scope = copy->getMetadata(llvm::LLVMContext::MD_alias_scope)) {
      value->setMetadata(llvm::LLVMContext::MD_alias_scope, scope);
      store->setMetadata(llvm::LLVMContext::MD_alias_scope, scope);
    }
    if (llvm::MDNode* noalias = copy->getMetadata(llvm::LLVMContext::MD_noalias)) {
      value->setMetadata(llvm::LLVMContext::MD_noalias, noalias);
      store->setMetadata(llvm::LLVMContext::MD_noalias, noalias);
    }
    copy->eraseFromParent();
    ++widened;
  }
  return widened;
}

} // namespace circle
