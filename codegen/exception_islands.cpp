#include "codegen/exception_islands.h"

#include "codegen/function_symbols.h"
#include "codegen/replay_consumer.h"

#include "codegen/target_pass.h"
#include "codegen/target_switch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Module.h"

#include <set>

namespace circle {
namespace {

// What only CUDA mode can generate: a __shared__ or __constant__ variable, a launch.
// The island's module also generates the inline functions and implicit instantiations
// an island calls (they are its own linkonce copies), so those are looked into too: an
// in-class member function that launches kernels, called in a try (cuda-samples'
// segmentationTreeThrust), crashed Clang's code generation of the launch.
class NeedsCudaMode : public clang::RecursiveASTVisitor<NeedsCudaMode> {
public:
  bool VisitVarDecl(clang::VarDecl* vd) {
    return !(found = vd->hasAttr<clang::CUDASharedAttr>() || vd->hasAttr<clang::CUDAConstantAttr>());
  }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr*) { return !(found = true); }
  bool VisitCallExpr(clang::CallExpr* call) { return lookInto(call->getDirectCallee()); }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) { return lookInto(construct->getConstructor()); }
  // Whether `fd` is generated with the island, and then needs CUDA mode.
  bool lookInto(const clang::FunctionDecl* fd) {
    if (!fd || !seen.insert(fd->getCanonicalDecl()).second) return true;
    const clang::FunctionDecl* definition = nullptr;
    if (!fd->hasBody(definition) || definition->hasAttr<clang::CUDAGlobalAttr>()) return true;
    bool generatedWithIt = definition->isInlined() ||
                           definition->getTemplateSpecializationKind() == clang::TSK_ImplicitInstantiation;
    if (generatedWithIt) TraverseStmt(definition->getBody());
    return !found;
  }
  bool found = false;
  std::set<const clang::FunctionDecl*> seen;
};

} // namespace

bool canBeExceptionIsland(const clang::FunctionDecl& fd) {
  if (fd.hasAttr<clang::CUDAGlobalAttr>() || !fd.hasBody()) return false;
  NeedsCudaMode v;
  v.seen.insert(fd.getCanonicalDecl());
  v.TraverseStmt(fd.getBody());
  return !v.found;
}

std::unique_ptr<llvm::Module> generateExceptionIslands(const TargetPassInput& in, const clang::TargetInfo& target,
                                                       const clang::CodeGenOptions& codeGenOpts,
                                                       llvm::LLVMContext& llvmContext, const std::string& moduleName,
                                                       const std::vector<const clang::FunctionDecl*>& roots) {
  clang::CompilerInstance& ci = in.compiler;
  // The switch restores every language option when it ends, these three included.
  TargetSwitch use(in.ast, ci.getLangOpts(), target, /*deviceSide=*/true);
  ci.getLangOpts().CUDA = 0;
  ci.getLangOpts().Exceptions = 1;
  ci.getLangOpts().CXXExceptions = 1;
  std::unique_ptr<clang::CodeGenerator> gen =
      clang::CreateLLVMCodeGen(ci.getDiagnostics(), moduleName, ci.getVirtualFileSystemPtr(),
                               ci.getHeaderSearchOpts(), ci.getPreprocessorOpts(), codeGenOpts, llvmContext);
  gen->Initialize(in.ast);
  // The unit's implicit instantiations are handed over first, each deferred until
  // something refers to it: a handler may call one nothing else in device code calls
  // (a test's `catch` comparing containers with std::equal), which the device pass,
  // generating no handlers, never instantiated for the device. Then the roots: a
  // function that must be emitted is emitted now, an inline one is deferred and then
  // referenced, so it is emitted at the end with the class-inline functions the
  // roots call. Whatever else they call is only declared: the device module has it.
  for (clang::FunctionDecl* fd : in.events.implicitInstantiations())
    if (fd->doesThisDeclarationHaveABody() && !fd->isDependentContext())
      gen->HandleTopLevelDecl(clang::DeclGroupRef(fd));
  for (const clang::FunctionDecl* fd : roots)
    gen->HandleTopLevelDecl(clang::DeclGroupRef(const_cast<clang::FunctionDecl*>(fd)));
  for (const clang::FunctionDecl* fd : roots)
    for (const clang::GlobalDecl& gd : variantsOf(*fd)) gen->GetAddrOfGlobal(gd, /*isForDefinition=*/false);
  gen->HandleTranslationUnit(in.ast);
  if (ci.getDiagnostics().hasErrorOccurred()) return nullptr;
  return std::unique_ptr<llvm::Module>(gen->ReleaseModule());
}

} // namespace circle
