#include "targets/nvptx/runtime_unroll.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/CodeMetrics.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

namespace circle {
namespace {

constexpr unsigned kFactor = 4;
// Above this many instructions (LLVM's size estimate) a body has enough work of its
// own; nvcc's unrolled n-body loop body is about 20.
constexpr int kMaxBodySize = 40;

// A call left in the body has more work than unrolling saves (inline assembly, as
// CUDA's headers use for bit operations, is an instruction).
bool callsNoFunction(const llvm::Loop& loop) {
  for (llvm::BasicBlock* bb : loop.blocks())
    for (llvm::Instruction& i : *bb)
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
          call && !call->isInlineAsm() && !llvm::isa<llvm::IntrinsicInst>(call))
        return false;
  return true;
}

// nvcc unrolls loops that step by a constant; one stepping by blockDim.x or the grid's
// size (a grid-stride loop) it leaves rolled, and so does circle.
bool stepsByConstant(const llvm::Loop& loop, llvm::ScalarEvolution& se) {
  auto* branch = llvm::dyn_cast<llvm::BranchInst>(loop.getLoopLatch()->getTerminator());
  auto* compare = branch && branch->isConditional() ? llvm::dyn_cast<llvm::ICmpInst>(branch->getCondition()) : nullptr;
  if (!compare) return false;
  for (llvm::Value* operand : compare->operands())
    if (auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(se.getSCEV(operand));
        rec && rec->getLoop() == &loop && llvm::isa<llvm::SCEVConstant>(rec->getStepRecurrence(se)))
      return true;
  return false;
}

bool worthUnrolling(llvm::Loop& loop, llvm::ScalarEvolution& se, const llvm::TargetTransformInfo& tti,
                    llvm::AssumptionCache& ac) {
  if (!loop.isInnermost() || !loop.isLoopSimplifyForm() || loop.getExitingBlock() != loop.getLoopLatch())
    return false;
  // A user's pragma, or an unroller that was here already, decided.
  if (llvm::hasUnrollTransformation(&loop) != llvm::TM_Unspecified) return false;
  // Constant counts are LLVM's own unroller's (fully or by a divisor); small bounds
  // are unrolled to the bound (thread_bound_loops.h).
  if (se.getSmallConstantTripCount(&loop) != 0) return false;
  unsigned bound = se.getSmallConstantMaxTripCount(&loop);
  if (bound != 0 && bound < 4 * kFactor) return false;
  if (llvm::isa<llvm::SCEVCouldNotCompute>(se.getExitCount(&loop, loop.getLoopLatch()))) return false;
  if (!stepsByConstant(loop, se)) return false;
  if (!callsNoFunction(loop)) return false;
  llvm::SmallPtrSet<const llvm::Value*, 32> ephemeral;
  llvm::CodeMetrics::collectEphemeralValues(&loop, &ac, ephemeral);
  llvm::CodeMetrics metrics;
  for (llvm::BasicBlock* bb : loop.blocks()) metrics.analyzeBasicBlock(bb, tti, ephemeral);
  // A remainder loop may not hold what all threads must reach together.
  if (metrics.notDuplicatable || metrics.Convergence != llvm::ConvergenceKind::None) return false;
  return metrics.NumInsts.isValid() && metrics.NumInsts.getValue() <= kMaxBodySize;
}

struct RuntimeUnroll : llvm::PassInfoMixin<RuntimeUnroll> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
    auto& li = fam.getResult<llvm::LoopAnalysis>(f);
    auto& se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
    auto& dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
    auto& ac = fam.getResult<llvm::AssumptionAnalysis>(f);
    auto& tti = fam.getResult<llvm::TargetIRAnalysis>(f);
    auto& ore = fam.getResult<llvm::OptimizationRemarkEmitterAnalysis>(f);
    llvm::SmallVector<llvm::Loop*, 8> loops;
    for (llvm::Loop* top : li)
      for (llvm::Loop* l : llvm::depth_first(top))
        if (l->isInnermost()) loops.push_back(l);
    bool changed = false;
    for (llvm::Loop* loop : loops) {
      if (!worthUnrolling(*loop, se, tti, ac)) continue;
      changed |= llvm::formLCSSARecursively(*loop, dt, &li, &se);
      llvm::UnrollLoopOptions options{};
      options.Count = kFactor;
      options.Runtime = true;
      options.AllowExpensiveTripCount = true;
      options.SCEVExpansionBudget = 16;
      llvm::Loop* remainder = nullptr;
      if (llvm::UnrollLoop(loop, options, &li, &se, &dt, &ac, &tti, &ore, /*PreserveLCSSA=*/true, &remainder) ==
          llvm::LoopUnrollResult::Unmodified)
        continue;
      changed = true;
      // LLVM's unroller after the vectorizer must not unroll it again; ptxas still may,
      // as it may nvcc's (no "nounroll" pragma: that is for llvm.loop.unroll.disable).
      llvm::addStringMetadataToLoop(loop, "llvm.loop.unroll.runtime.disable");
    }
    return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
  }
};

} // namespace

void addRuntimeUnroll(llvm::PassBuilder& pb, int optLevel) {
  if (optLevel < 2) return;
  pb.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager& fpm, llvm::OptimizationLevel) { fpm.addPass(RuntimeUnroll()); });
}

} // namespace circle
