#include "codegen/target_pass.h"

#include "codegen/codegen_objects.h"
#include "codegen/explicit_instantiations.h"
#include "codegen/replay_consumer.h"
#include "codegen/target_switch.h"

#include "clang/AST/ASTContext.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Module.h"

namespace circle {

std::unique_ptr<llvm::Module> runTargetPass(const TargetPassInput& in, const clang::TargetInfo& target,
                                            bool deviceSide, const clang::CodeGenOptions& codeGenOpts,
                                            llvm::LLVMContext& llvmContext, const std::string& moduleName) {
  clang::CompilerInstance& ci = in.compiler;
  // The switch must outlive the generator: CodeGen reads the target until it is destroyed.
  TargetSwitch use(in.ast, ci.getLangOpts(), target, deviceSide);
  std::unique_ptr<clang::CodeGenerator> gen =
      clang::CreateLLVMCodeGen(ci.getDiagnostics(), moduleName, ci.getVirtualFileSystemPtr(),
                               ci.getHeaderSearchOpts(), ci.getPreprocessorOpts(), codeGenOpts, llvmContext);
  gen->Initialize(in.ast);
  std::vector<std::string> instantiations;
  in.events.replay(*gen, in.ast, [&] {
    if (in.explicitInstantiationsAreRoots) instantiations = generateExplicitInstantiations(in.ast, *gen);
  });
  if (ci.getDiagnostics().hasErrorOccurred()) return nullptr;
  std::unique_ptr<llvm::Module> m(gen->ReleaseModule());
  if (m) internalizeCodegenObjects(*m);
  if (m && !instantiations.empty()) finishExplicitInstantiations(*m, instantiations);
  return m;
}

} // namespace circle
