#include "codegen/target_pass.h"

#include "codegen/codegen_objects.h"
#include "codegen/explicit_instantiations.h"
#include "codegen/host_roots.h"
#include "codegen/replay_consumer.h"
#include "codegen/target_switch.h"

#include "clang/AST/ASTContext.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Module.h"

namespace circle {
namespace {

// Whether `m` calls or takes the address of a function `leaveOut` left out: the
// tape showed no reference that CodeGen then found.
bool namesLeftOut(clang::CodeGenerator& gen, const llvm::Module& m, const HostRoots& leaveOut) {
  for (const llvm::Function& f : m)
    if (f.isDeclaration())
      if (const auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(gen.GetDeclForMangledName(f.getName()));
          leaveOut.leavesOut(fd))
        return true;
  return false;
}

} // namespace

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
  HostRoots* leaveOut = in.leaveOut && !in.leaveOut->empty() ? in.leaveOut : nullptr;
  std::function<bool(const clang::Decl*)> leftOut;
  if (leaveOut)
    leftOut = [&](const clang::Decl* d) {
      const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
      return fd && fd->doesThisDeclarationHaveABody() && leaveOut->leavesOut(fd);
    };
  in.events.replay(
      *gen, in.ast,
      [&] {
        if (in.explicitInstantiationsAreRoots) instantiations = generateExplicitInstantiations(in.ast, *gen);
      },
      leftOut);
  if (ci.getDiagnostics().hasErrorOccurred()) return nullptr;
  if (leaveOut && gen->GetModule() && namesLeftOut(*gen, *gen->GetModule(), *leaveOut)) {
    leaveOut->keepAll();
    gen.reset();
    return runTargetPass(in, target, deviceSide, codeGenOpts, llvmContext, moduleName);
  }
  std::unique_ptr<llvm::Module> m(gen->ReleaseModule());
  if (m) internalizeCodegenObjects(*m);
  if (m && !instantiations.empty()) finishExplicitInstantiations(*m, instantiations);
  return m;
}

} // namespace circle
