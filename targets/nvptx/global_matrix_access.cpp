#include "targets/nvptx/global_matrix_access.h"

#include "targets/llvm_pipeline.h"
#include "targets/nvptx/local_arguments.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"

#include <set>
#include <vector>

namespace circle {
namespace {

constexpr unsigned kGeneric = 0, kGlobal = 1, kShared = 3;

bool isMatrixAccess(const llvm::Function& f) {
  llvm::StringRef name = f.getName();
  return f.isIntrinsic() && name.starts_with("llvm.nvvm.wmma.") && (name.contains(".load.") || name.contains(".store."));
}

// `generic` as a pointer of the global or shared space it was converted from, through
// the address arithmetic on it (rebuilt before `at`); null if it is neither.
llvm::Value* inSpecificSpace(llvm::Value* generic, llvm::Instruction* at) {
  if (auto* cast = llvm::dyn_cast<llvm::AddrSpaceCastOperator>(generic)) {
    unsigned from = cast->getSrcAddressSpace();
    return cast->getDestAddressSpace() == kGeneric && (from == kGlobal || from == kShared) ? cast->getPointerOperand()
                                                                                           : nullptr;
  }
  auto* gep = llvm::dyn_cast<llvm::GEPOperator>(generic);
  if (!gep) return nullptr;
  llvm::Value* base = inSpecificSpace(gep->getPointerOperand(), at);
  if (!base) return nullptr;
  llvm::SmallVector<llvm::Value*, 4> indices(gep->indices());
  return llvm::IRBuilder<>(at).CreateGEP(gep->getSourceElementType(), base, indices, generic->getName(),
                                         gep->getNoWrapFlags());
}

struct NameSpaces : llvm::PassInfoMixin<NameSpaces> {
  int* count;
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager&) {
    std::vector<llvm::CallInst*> calls;
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i))
        if (llvm::Function* callee = call->getCalledFunction(); callee && isMatrixAccess(*callee)) calls.push_back(call);
    int before = *count;
    for (llvm::CallInst* call : calls) {
      llvm::Function* callee = call->getCalledFunction();
      llvm::SmallVector<llvm::Type*, 2> overloads;
      if (!llvm::Intrinsic::getIntrinsicSignature(callee, overloads)) continue;
      // The pointer must be the intrinsic's one overloaded type.
      if (overloads.size() != 1 || !overloads[0]->isPointerTy()) continue;
      for (unsigned k = 0; k < call->arg_size(); ++k) {
        llvm::Value* arg = call->getArgOperand(k);
        if (arg->getType() != overloads[0]) continue;
        llvm::Value* specific = inSpecificSpace(arg, call);
        if (!specific) continue;
        llvm::Function* variant =
            llvm::Intrinsic::getOrInsertDeclaration(f.getParent(), callee->getIntrinsicID(), {specific->getType()});
        call->setCalledFunction(variant);
        call->setArgOperand(k, specific);
        ++*count;
        break;
      }
    }
    return *count == before ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
  }
};

} // namespace

int specializeMatrixAccesses(llvm::Module& m, llvm::TargetMachine& tm) {
  bool any = false;
  for (llvm::Function& f : m)
    if (f.isDeclaration() && isMatrixAccess(f) && !f.use_empty()) any = true;
  if (!any) return 0;
  std::set<llvm::Function*> kernels;
  for (llvm::Function& f : m) {
    if (f.isDeclaration() || f.getCallingConv() != llvm::CallingConv::PTX_Kernel) continue;
    for (llvm::Argument& a : f.args())
      if (a.getType()->isPointerTy() && a.getType()->getPointerAddressSpace() == kGeneric && !a.use_empty() &&
          !a.hasPassPointeeByValueCopyAttr() && !a.hasByRefAttr()) {
        useThroughSpace(&a, kGlobal, &*f.getEntryBlock().getFirstInsertionPt());
        kernels.insert(&f);
      }
  }
  int count = 0;
  if (kernels.empty()) return 0;
  runFunctionPasses(m, tm, kernels, [&](llvm::FunctionPassManager& fpm) {
    fpm.addPass(llvm::InferAddressSpacesPass());
    fpm.addPass(NameSpaces{{}, &count});
    fpm.addPass(llvm::InstCombinePass());
  });
  return count;
}

} // namespace circle
