#include "targets/nvptx/inline_growth.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/InlineAdvisor.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Passes/PassBuilder.h"

namespace circle {
namespace {

// IR instructions a caller may reach through inlining: about 13,000 lines of PTX. Of
// the GPU suite's programs three reach it (device_iostreams, device_stdin, and one
// test driver of rtti's); no benchmark kernel comes near (the largest, sort_per_thread's,
// is about 3,500).
constexpr size_t kCallerLimit = 10000;
// Callees this small are inlined whatever the caller's size: the call's argument and
// result copies and the lost optimisations across it cost more than the body.
constexpr size_t kSmallCallee = 60;

size_t instructionCount(const llvm::Function& f) {
  size_t n = 0;
  for (const llvm::BasicBlock& bb : f) n += bb.size();
  return n;
}

class GrowthCapAdvisor;

// LLVM's advice, passed through, with the caller's size kept up to date when it is
// taken (the inliner inlines one call after another into the same caller).
class CountedAdvice : public llvm::InlineAdvice {
public:
  CountedAdvice(GrowthCapAdvisor* advisor, llvm::CallBase& call, llvm::OptimizationRemarkEmitter& ore,
                std::unique_ptr<llvm::InlineAdvice> inner, size_t calleeSize);

private:
  void recordInliningImpl() override;
  void recordInliningWithCalleeDeletedImpl() override;
  void recordUnsuccessfulInliningImpl(const llvm::InlineResult& result) override {
    inner->recordUnsuccessfulInlining(result);
  }
  void recordUnattemptedInliningImpl() override { inner->recordUnattemptedInlining(); }

  GrowthCapAdvisor* advisor;
  std::unique_ptr<llvm::InlineAdvice> inner;
  size_t calleeSize;
};

class GrowthCapAdvisor : public llvm::InlineAdvisor {
public:
  GrowthCapAdvisor(llvm::Module& m, llvm::FunctionAnalysisManager& fam, llvm::InlineParams params,
                   llvm::InlineContext context)
      : InlineAdvisor(m, fam, context), llvmAdvisor(m, fam, params, context) {}

  // Function passes ran since the last inliner run and changed the sizes.
  void onPassEntry(llvm::LazyCallGraph::SCC*) override { sizes.clear(); }

  // A caller not counted yet is counted, inlined body included, when it is next asked about.
  void grew(llvm::Function* caller, size_t by) {
    if (auto it = sizes.find(caller); it != sizes.end()) it->second += by;
  }
  void deleted(llvm::Function* callee) { sizes.erase(callee); }

private:
  size_t& size(llvm::Function& f) {
    auto [it, added] = sizes.try_emplace(&f, 0);
    if (added) it->second = instructionCount(f);
    return it->second;
  }

  std::unique_ptr<llvm::InlineAdvice> getAdviceImpl(llvm::CallBase& call) override {
    llvm::Function* callee = call.getCalledFunction();
    llvm::Function* caller = call.getCaller();
    size_t calleeSize = callee ? size(*callee) : 0;
    bool forced = callee && callee->hasFnAttribute(llvm::Attribute::AlwaysInline);
    if (!forced && calleeSize > kSmallCallee && size(*caller) + calleeSize > kCallerLimit)
      return std::make_unique<llvm::InlineAdvice>(this, call, getCallerORE(call), false);
    return std::make_unique<CountedAdvice>(this, call, getCallerORE(call), llvmAdvisor.getAdvice(call),
                                           calleeSize);
  }

  llvm::DefaultInlineAdvisor llvmAdvisor;
  llvm::DenseMap<llvm::Function*, size_t> sizes;
};

CountedAdvice::CountedAdvice(GrowthCapAdvisor* advisor, llvm::CallBase& call, llvm::OptimizationRemarkEmitter& ore,
                             std::unique_ptr<llvm::InlineAdvice> inner, size_t calleeSize)
    : InlineAdvice(advisor, call, ore, inner->isInliningRecommended()), advisor(advisor), inner(std::move(inner)),
      calleeSize(calleeSize) {}

void CountedAdvice::recordInliningImpl() {
  advisor->grew(Caller, calleeSize);
  inner->recordInlining();
}

void CountedAdvice::recordInliningWithCalleeDeletedImpl() {
  advisor->grew(Caller, calleeSize);
  advisor->deleted(Callee);
  inner->recordInliningWithCalleeDeleted();
}

llvm::InlineAdvisor* makeAdvisor(llvm::Module& m, llvm::FunctionAnalysisManager& fam, llvm::InlineParams params,
                                 llvm::InlineContext context) {
  return new GrowthCapAdvisor(m, fam, params, context);
}

} // namespace

void addInlineGrowthCap(llvm::PassBuilder& pb) {
  pb.registerAnalysisRegistrationCallback([](llvm::ModuleAnalysisManager& mam) {
    mam.registerPass([] { return llvm::PluginInlineAdvisorAnalysis(makeAdvisor); });
  });
}

} // namespace circle
