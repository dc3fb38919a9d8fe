#include "targets/nvptx/thread_bound_loops.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"

namespace circle {

void addThreadBoundLoopSteps(llvm::PassBuilder& pb, int optLevel) {
  if (optLevel == 0) return;
  // The NVPTX target registers the pass by name only (its class is not public API).
  pb.registerPeepholeEPCallback([&pb](llvm::FunctionPassManager& fpm, llvm::OptimizationLevel) {
    llvm::consumeError(pb.parsePassPipeline(fpm, "nvvm-intr-range"));
  });
  // Before the vectorizer: LLVM's own unroll and the clean-up after it follow.
  pb.registerVectorizerStartEPCallback([optLevel](llvm::FunctionPassManager& fpm, llvm::OptimizationLevel) {
    // Full unrolling only (to the bound as well): LLVM's unroll after the vectorizer
    // still makes its own partial and runtime choices.
    fpm.addPass(llvm::LoopUnrollPass(llvm::LoopUnrollOptions(optLevel)
                                         .setUpperBound(true)
                                         .setPartial(false)
                                         .setRuntime(false)
                                         .setPeeling(false)
                                         .setProfileBasedPeeling(false)));
  });
}

} // namespace circle
