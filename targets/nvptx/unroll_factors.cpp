#include "targets/nvptx/unroll_factors.h"

#include "llvm/ADT/bit.h"
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
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

#include <algorithm>

namespace circle {
namespace {

// nvcc's factor for loops counted at run time.
constexpr unsigned kRuntimeFactor = 4;
// Above this many instructions (LLVM's size estimate) a body has enough work of its
// own; nvcc's unrolled n-body loop body is about 20.
constexpr int kMaxRuntimeBody = 40;
// LLVM's -O3 limits: a loop unrolls fully up to this size in all, partially up to
// NVPTX's quarter of it per unrolled body (2 of the instructions being the latch's).
constexpr int kFullUnrollSize = 300;
constexpr int kPartialUnrollSize = kFullUnrollSize / 4;
constexpr int kLatchSize = 2;
constexpr unsigned kMaxFactor = 8;
// Where the factor would leave a remainder loop, a loop up to this size in all is
// unrolled fully instead: nvcc fully unrolls cuda-samples' quasirandomGenerator's
// 31-trip bit loop (size 13: 403), where circle's 4x unroll left a 3-trip remainder
// loop (0.87x nvcc's throughput on an H200, 25% more instructions executed). nvcc 13.0
// fully unrolls that body up to 48 trips (624) and 56 (728), not 52 or 60, and a
// 19-instruction body up to 24 trips (456) but not 32 (608).
constexpr int kFullUnrollRemainderSize = 2 * kFullUnrollSize;

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

// How a loop steps its latch's counter: by a constant, or by the same value computed
// before the loop. nvcc unrolls loops counted at run time in both cases (alignedTypes'
// grid-stride `pos += numThreads` of an int numThreads: 4x), except those adding an
// unsigned value to an int counter (`i += blockDim.x`), a distinction LLVM's flags no
// longer show by now. What circle leaves rolled instead is a loop stepping by a value
// whose trips a constant bounds to a block's worth of elements: cuda-samples'
// scalarProd's ten shared-memory reduction steps (`iAccum < stride`, stepping by
// blockDim.x), which unrolled took 56 registers instead of 38 (nvcc: 32). Measured in
// bench/RESULTS.md, 2026-11-30.
enum class Step { Uneven, Constant, Invariant };
constexpr unsigned kBlockElements = 1024;

Step stepOf(const llvm::Loop& loop, llvm::ScalarEvolution& se) {
  auto* branch = llvm::dyn_cast<llvm::BranchInst>(loop.getLoopLatch()->getTerminator());
  auto* compare = branch && branch->isConditional() ? llvm::dyn_cast<llvm::ICmpInst>(branch->getCondition()) : nullptr;
  if (!compare) return Step::Uneven;
  for (llvm::Value* operand : compare->operands())
    if (auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(se.getSCEV(operand)); rec && rec->getLoop() == &loop)
      return llvm::isa<llvm::SCEVConstant>(rec->getStepRecurrence(se)) ? Step::Constant : Step::Invariant;
  return Step::Uneven;
}

// How many times to unroll `loop`, whose constant trip count is `count` (0: none); 0
// leaves it to LLVM.
unsigned unrollFactor(llvm::Loop& loop, unsigned count, llvm::ScalarEvolution& se,
                      const llvm::TargetTransformInfo& tti, llvm::AssumptionCache& ac) {
  if (!loop.isInnermost() || !loop.isLoopSimplifyForm() || loop.getExitingBlock() != loop.getLoopLatch())
    return 0;
  // A user's pragma, or an unroller that was here already, decided.
  if (llvm::hasUnrollTransformation(&loop) != llvm::TM_Unspecified) return 0;
  if (!callsNoFunction(loop)) return 0;
  llvm::SmallPtrSet<const llvm::Value*, 32> ephemeral;
  llvm::CodeMetrics::collectEphemeralValues(&loop, &ac, ephemeral);
  llvm::CodeMetrics metrics;
  for (llvm::BasicBlock* bb : loop.blocks()) metrics.analyzeBasicBlock(bb, tti, ephemeral);
  // A remainder loop may not hold what all threads must reach together.
  if (metrics.notDuplicatable || metrics.Convergence != llvm::ConvergenceKind::None) return 0;
  if (!metrics.NumInsts.isValid()) return 0;
  int size = std::max<int>(int(metrics.NumInsts.getValue()), kLatchSize + 1);

  if (count != 0) {
    if (uint64_t(count) * size <= kFullUnrollSize) return 0; // LLVM unrolls it fully
    unsigned limit = std::min<unsigned>(kMaxFactor, (kPartialUnrollSize - kLatchSize) / (size - kLatchSize));
    if (limit < 2) return 0;
    unsigned factor = llvm::bit_floor(limit);
    if (count % factor == 0) return factor;
    // A remainder loop stays a loop (LLVM marks it not to be unrolled) and ptxas leaves
    // it rolled too: the whole loop where it is small enough, else a power of two that
    // divides the count, else the remainder loop after all.
    if (uint64_t(count) * size <= kFullUnrollRemainderSize) return count;
    unsigned dividing = factor;
    while (count % dividing != 0) dividing /= 2;
    return dividing >= 2 ? dividing : factor;
  }
  // Bounds up to LLVM's 8 are unrolled to the bound (thread_bound_loops.h); a few more
  // trips than that do not pay for a remainder loop.
  unsigned bound = se.getSmallConstantMaxTripCount(&loop);
  if (bound != 0 && bound < 4 * kRuntimeFactor) return 0;
  if (llvm::isa<llvm::SCEVCouldNotCompute>(se.getExitCount(&loop, loop.getLoopLatch()))) return 0;
  Step step = stepOf(loop, se);
  if (step == Step::Uneven || (step == Step::Invariant && bound != 0 && bound <= kBlockElements)) return 0;
  return size <= kMaxRuntimeBody ? kRuntimeFactor : 0;
}

struct UnrollFactors : llvm::PassInfoMixin<UnrollFactors> {
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
      unsigned count = se.getSmallConstantTripCount(loop);
      unsigned factor = unrollFactor(*loop, count, se, tti, ac);
      if (factor == 0) continue;
      changed |= llvm::formLCSSARecursively(*loop, dt, &li, &se);
      llvm::UnrollLoopOptions options{};
      options.Count = factor;
      options.Runtime = count == 0 || count % factor != 0;
      options.AllowExpensiveTripCount = true;
      options.SCEVExpansionBudget = 16;
      llvm::Loop* remainder = nullptr;
      llvm::LoopUnrollResult result =
          llvm::UnrollLoop(loop, options, &li, &se, &dt, &ac, &tti, &ore, /*PreserveLCSSA=*/true, &remainder);
      if (result == llvm::LoopUnrollResult::Unmodified) continue;
      changed = true;
      if (result == llvm::LoopUnrollResult::FullyUnrolled) continue; // `loop` is gone
      // LLVM's unroller after the vectorizer must not unroll it again (its size now
      // keeps it from partial unrolling); ptxas still may, as it may nvcc's (no
      // "nounroll" pragma: that is for llvm.loop.unroll.disable).
      llvm::addStringMetadataToLoop(loop, "llvm.loop.unroll.runtime.disable");
    }
    return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
  }
};

} // namespace

void addUnrollFactors(llvm::PassBuilder& pb, int optLevel) {
  if (optLevel < 2) return;
  pb.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager& fpm, llvm::OptimizationLevel) { fpm.addPass(UnrollFactors()); });
}

DevicePragmaUnrollLimit::DevicePragmaUnrollLimit(const llvm::Module& m) {
  constexpr unsigned kDeviceLimit = 2000; // unroll_factors.h: measured where
  for (const llvm::Function& f : m)
    if (f.isDeclaration() && (f.getName().starts_with("llvm.nvvm.wmma.") || f.getName().starts_with("llvm.nvvm.mma."))) {
      limit_.emplace("pragma-unroll-threshold", kDeviceLimit);
      return;
    }
}

} // namespace circle
