#include "targets/llvm_pipeline.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

namespace circle {

void runModulePasses(llvm::Module& module, llvm::TargetMachine* tm,
                     llvm::function_ref<llvm::ModulePassManager(llvm::PassBuilder&)> build) {
  llvm::PassBuilder pb(tm);
  // Built first, so that the analyses a pipeline registers through the builder's
  // callbacks (an inline advisor) are there when the managers are filled.
  llvm::ModulePassManager passes = build(pb);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  passes.run(module, mam);
}

namespace {

struct OnFunctions : llvm::PassInfoMixin<OnFunctions> {
  const std::set<llvm::Function*>& functions;
  llvm::function_ref<void(llvm::FunctionPassManager&)> build;
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager& mam) {
    auto& fam = mam.getResult<llvm::FunctionAnalysisManagerModuleProxy>(m).getManager();
    for (llvm::Function* f : functions) {
      llvm::FunctionPassManager fpm;
      build(fpm);
      fpm.run(*f, fam);
    }
    return llvm::PreservedAnalyses::none();
  }
};

} // namespace

void runFunctionPasses(llvm::Module& module, llvm::TargetMachine& tm, const std::set<llvm::Function*>& functions,
                       llvm::function_ref<void(llvm::FunctionPassManager&)> build) {
  runModulePasses(module, &tm, [&](llvm::PassBuilder&) {
    llvm::ModulePassManager mpm;
    mpm.addPass(OnFunctions{{}, functions, build});
    return mpm;
  });
}

bool emitWithBackend(llvm::Module& module, llvm::TargetMachine& tm, llvm::raw_pwrite_stream& out,
                     llvm::CodeGenFileType kind) {
  // Code generation still runs on the legacy pass manager.
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, out, nullptr, kind)) return false;
  pm.run(module);
  return true;
}

} // namespace circle
