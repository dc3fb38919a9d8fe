#include "codegen/exception_islands.h"

#include "codegen/function_symbols.h"

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

namespace circle {
namespace {

class NeedsCudaMode : public clang::RecursiveASTVisitor<NeedsCudaMode> {
public:
  bool VisitVarDecl(clang::VarDecl* vd) {
    return !(found = vd->hasAttr<clang::CUDASharedAttr>() || vd->hasAttr<clang::CUDAConstantAttr>());
  }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr*) { return !(found = true); }
  bool found = false;
};

} // namespace

bool canBeExceptionIsland(const clang::FunctionDecl& fd) {
  if (fd.hasAttr<clang::CUDAGlobalAttr>() || !fd.hasBody()) return false;
  NeedsCudaMode v;
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
  // Only the roots are handed over: a function that must be emitted is emitted now,
  // an inline one or an instantiation is deferred and then referenced, so it is
  // emitted at the end with the class-inline functions the roots call. Whatever else
  // they call is only declared: the device module has it.
  for (const clang::FunctionDecl* fd : roots)
    gen->HandleTopLevelDecl(clang::DeclGroupRef(const_cast<clang::FunctionDecl*>(fd)));
  for (const clang::FunctionDecl* fd : roots)
    for (const clang::GlobalDecl& gd : variantsOf(*fd)) gen->GetAddrOfGlobal(gd, /*isForDefinition=*/false);
  gen->HandleTranslationUnit(in.ast);
  if (ci.getDiagnostics().hasErrorOccurred()) return nullptr;
  return std::unique_ptr<llvm::Module>(gen->ReleaseModule());
}

} // namespace circle
