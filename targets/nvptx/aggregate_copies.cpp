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

namespace {
// At most this many loads in flight for one copy (8 vector pieces: 32 registers, a
// 128-byte struct; above 128 bytes the NVPTX backend copies in a loop anyway).
constexpr uint64_t kMaxPieces = 8;

// The sizes of the naturally aligned loads that copy `bytes` at `align`, in order; PTX's
// widest access is 16 bytes.
std::vector<uint64_t> pieceSizes(uint64_t bytes, uint64_t align) {
  std::vector<uint64_t> sizes;
  for (uint64_t offset = 0, size = std::min<uint64_t>(align, 16); offset < bytes; offset += size) {
    while (size > bytes - offset) size /= 2;
    sizes.push_back(size);
  }
  return sizes;
}
} // namespace

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
    std::vector<uint64_t> sizes = pieceSizes(bytes, align);
    if (sizes.empty() || sizes.size() > kMaxPieces) continue;
    // Every piece loaded before any is stored: the backend's expansion alternates them, so
    // each load waits for the store before it (a 32-byte struct: four round trips).
    llvm::IRBuilder<> b(copy);
    std::vector<std::pair<uint64_t, llvm::LoadInst*>> pieces;
    uint64_t offset = 0;
    for (uint64_t size : sizes) {
      llvm::Type* type = size == 16 ? static_cast<llvm::Type*>(llvm::FixedVectorType::get(b.getInt32Ty(), 4))
                                    : b.getIntNTy(unsigned(size * 8));
      llvm::Value* from = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), copy->getSource(), offset);
      pieces.push_back({offset, b.CreateAlignedLoad(type, from, llvm::commonAlignment(llvm::Align(align), offset))});
      offset += size;
    }
    std::vector<llvm::Instruction*> accesses;
    for (auto& [at, value] : pieces) {
      llvm::Value* to = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), copy->getDest(), at);
      accesses.push_back(value);
      accesses.push_back(b.CreateAlignedStore(value, to, llvm::commonAlignment(llvm::Align(align), at)));
    }
    for (llvm::Instruction* access : accesses)
      for (unsigned kind : {llvm::LLVMContext::MD_alias_scope, llvm::LLVMContext::MD_noalias})
        if (llvm::MDNode* node = copy->getMetadata(kind)) access->setMetadata(kind, node);
    copy->eraseFromParent();
    ++widened;
  }
  return widened;
}

} // namespace circle
