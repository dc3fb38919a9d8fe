#include "targets/nvptx/known_alignment.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/InferAlignment.h"

namespace circle {

void addKnownAlignment(llvm::PassBuilder& pb, int optLevel) {
  if (optLevel == 0) return;
  pb.registerOptimizerLastEPCallback(
      [](llvm::ModulePassManager& mpm, llvm::OptimizationLevel, llvm::ThinOrFullLTOPhase) {
        llvm::FunctionPassManager fpm;
        fpm.addPass(llvm::InferAddressSpacesPass());
        fpm.addPass(llvm::InferAlignmentPass());
        mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
      });
}

void alignDynamicSharedMemory(llvm::Module& m) {
  constexpr unsigned kShared = 3;
  for (llvm::GlobalVariable& v : m.globals())
    if (v.isDeclaration() && v.getAddressSpace() == kShared && v.getAlign().valueOrOne() < llvm::Align(16))
      v.setAlignment(llvm::Align(16));
}

} // namespace circle
