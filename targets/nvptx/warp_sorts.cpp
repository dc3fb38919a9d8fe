#include "targets/nvptx/warp_sorts.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace circle {
namespace {

// libstdc++'s mangled names (GCC's ABI, stable since the introsort's introduction):
// std::__introsort_loop<It, Size, Compare>(first, last, depth_limit, comp), called by
// std::__sort<It, Compare>(first, last, comp), which std::sort and std::ranges::sort use.
constexpr llvm::StringLiteral kIntrosortLoop = "_ZSt16__introsort_loopI";
constexpr llvm::StringLiteral kSort = "_ZSt6__sortI";
constexpr unsigned kDepthArg = 2;

// The iterators must be one argument each (a pointer, or an iterator class passed by
// pointer) for the depth limit to be the third; anything else is left alone.
bool isIntrosortLoop(const llvm::Function& f) {
  return f.getName().starts_with(kIntrosortLoop) && f.arg_size() > kDepthArg &&
         f.getArg(0)->getType()->isPointerTy() && f.getArg(1)->getType()->isPointerTy() &&
         f.getArg(kDepthArg)->getType()->isIntegerTy();
}

} // namespace

int heapSortWhereLanesSortTogether(llvm::Module& m) {
  std::vector<llvm::CallInst*> calls;
  for (llvm::Function& f : m) {
    if (!isIntrosortLoop(f)) continue;
    for (llvm::User* u : f.users())
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(u);
          call && call->getCalledFunction() == &f && call->getFunction()->getName().starts_with(kSort))
        calls.push_back(call);
  }
  for (llvm::CallInst* call : calls) {
    llvm::IRBuilder<> b(call);
    llvm::Value* lanes = b.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop,
                                                b.CreateIntrinsic(llvm::Intrinsic::nvvm_activemask, {}));
    llvm::Value* together = b.CreateICmpUGE(lanes, b.getInt32(kLanesForHeapSort), "lanes.sort.together");
    llvm::Value* depth = call->getArgOperand(kDepthArg);
    call->setArgOperand(kDepthArg, b.CreateSelect(together, llvm::ConstantInt::get(depth->getType(), 0), depth));
  }
  return (int)calls.size();
}

} // namespace circle
