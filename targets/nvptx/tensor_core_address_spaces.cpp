#include "targets/nvptx/tensor_core_address_spaces.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

namespace circle {
namespace {

// A WMMA load or store: its pointer is operand 0, the intrinsic's one overloaded type.
bool isTensorCoreAccess(const llvm::Function& f) {
  llvm::StringRef name = f.getName();
  return f.isIntrinsic() && name.starts_with("llvm.nvvm.wmma.") &&
         (name.contains(".load.") || name.contains(".store."));
}

// The space the generic pointer `p` was cast from, through the offsets added to it
// since (shared or global), or 0.
unsigned spaceOf(const llvm::Value* p) {
  while (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(p)) p = gep->getPointerOperand();
  auto* cast = llvm::dyn_cast<llvm::AddrSpaceCastOperator>(p);
  if (!cast || cast->getDestAddressSpace() != 0) return 0;
  unsigned from = cast->getSrcAddressSpace();
  return from == 1 || from == 3 ? from : 0;
}

// `p` in its space: the cast's operand with the same offsets added, before `b`'s point.
llvm::Value* inSpace(llvm::Value* p, llvm::IRBuilder<>& b) {
  if (auto* cast = llvm::dyn_cast<llvm::AddrSpaceCastOperator>(p)) return cast->getPointerOperand();
  auto* gep = llvm::cast<llvm::GEPOperator>(p);
  llvm::Value* base = inSpace(gep->getPointerOperand(), b);
  llvm::SmallVector<llvm::Value*, 4> indices(gep->indices());
  return b.CreateGEP(gep->getSourceElementType(), base, indices, "", gep->getNoWrapFlags());
}

} // namespace

int useSpaceFormsOfTensorCoreAccesses(llvm::Module& m) {
  llvm::SmallVector<llvm::CallInst*, 32> calls;
  for (llvm::Function& f : m)
    if (isTensorCoreAccess(f))
      for (llvm::User* u : f.users())
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getCalledFunction() == &f &&
                                                          spaceOf(call->getArgOperand(0)))
          calls.push_back(call);
  for (llvm::CallInst* call : calls) {
    llvm::IRBuilder<> b(call);
    llvm::Value* p = inSpace(call->getArgOperand(0), b);
    llvm::Function* form =
        llvm::Intrinsic::getOrInsertDeclaration(&m, call->getCalledFunction()->getIntrinsicID(), {p->getType()});
    llvm::SmallVector<llvm::Value*, 8> args(call->args());
    args[0] = p;
    llvm::CallInst* again = b.CreateCall(form, args);
    again->setAttributes(call->getAttributes());
    again->takeName(call);
    call->replaceAllUsesWith(again);
    call->eraseFromParent();
  }
  return (int)calls.size();
}

} // namespace circle
