#include "targets/nvptx/local_pointer_differences.h"

#include "targets/llvm_pipeline.h"
#include "targets/nvptx/local_arguments.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"

#include <set>
#include <vector>

namespace circle {
namespace {

// The pointer a generic pointer was converted from, if from local or shared memory.
llvm::Value* windowed(llvm::Value* generic, unsigned& space) {
  auto* cast = llvm::dyn_cast<llvm::AddrSpaceCastOperator>(generic);
  if (!cast || cast->getDestAddressSpace() != kGenericSpace) return nullptr;
  space = cast->getSrcAddressSpace();
  return space == kLocalSpace || space == kSharedSpace ? cast->getPointerOperand() : nullptr;
}

struct RewriteDifferences : llvm::PassInfoMixin<RewriteDifferences> {
  int* count;
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager&) {
    using namespace llvm::PatternMatch;
    const llvm::DataLayout& dl = f.getParent()->getDataLayout();
    std::vector<llvm::BinaryOperator*> subs;
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* sub = llvm::dyn_cast<llvm::BinaryOperator>(&i); sub && sub->getOpcode() == llvm::Instruction::Sub)
        subs.push_back(sub);
    int before = *count;
    for (llvm::BinaryOperator* sub : subs) {
      llvm::Value *a, *b;
      if (!match(sub, m_Sub(m_PtrToInt(m_Value(a)), m_PtrToInt(m_Value(b))))) continue;
      unsigned spaceA = 0, spaceB = 0;
      llvm::Value* localA = windowed(a, spaceA);
      llvm::Value* localB = windowed(b, spaceB);
      if (!localA || !localB || spaceA != spaceB) continue;
      llvm::IntegerType* narrow = dl.getIntPtrType(f.getContext(), spaceA);
      auto* wide = llvm::cast<llvm::IntegerType>(sub->getType());
      if (narrow->getBitWidth() > wide->getBitWidth()) continue;
      llvm::IRBuilder<> ir(sub);
      llvm::Value* diff = ir.CreateSub(ir.CreatePtrToInt(localA, narrow), ir.CreatePtrToInt(localB, narrow));
      sub->replaceAllUsesWith(ir.CreateSExtOrTrunc(diff, wide));
      sub->eraseFromParent();
      ++*count;
    }
    return *count == before ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
  }
};

} // namespace

int subtractLocalPointersLocally(llvm::Module& m, llvm::TargetMachine& tm) {
  std::set<llvm::Function*> withArrays;
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    for (llvm::Instruction& i : llvm::make_early_inc_range(f.getEntryBlock()))
      if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&i); alloca && alloca->getAddressSpace() == kGenericSpace) {
        useAsLocal(alloca, alloca->getNextNode());
        withArrays.insert(&f);
      }
  }
  if (withArrays.empty()) return 0;
  int count = 0;
  runFunctionPasses(m, tm, withArrays, [&](llvm::FunctionPassManager& fpm) {
    fpm.addPass(llvm::InferAddressSpacesPass());
    fpm.addPass(RewriteDifferences{{}, &count});
    fpm.addPass(llvm::InstCombinePass());
  });
  return count;
}

} // namespace circle
