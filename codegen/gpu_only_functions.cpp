#include "codegen/gpu_only_functions.h"

#include "codegen/kernel_index.h"
#include "targets/llvm_users.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

#include <memory>

namespace circle {
bool checkGpuOnlyFunctionsUnused(clang::ASTContext& ast, clang::DiagnosticsEngine& diags,
                                 const std::vector<clang::FunctionDecl*>& gpuOnly, const llvm::Module& host) {
  std::unique_ptr<clang::MangleContext> mangler(ast.createMangleContext());
  bool ok = true;
  for (const clang::FunctionDecl* fd : gpuOnly) {
    if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(fd)) continue; // several symbols each
    const llvm::Function* f = host.getFunction(deviceSymbolName(*mangler, *fd));
    if (!f || f->use_empty()) continue;
    const llvm::GlobalVariable* gv = firstUserOf<llvm::GlobalVariable>(*f);
    std::string where = gv ? "the initializer of '" + llvm::demangle(gv->getName().str()) + "'" : "host code";
    diags.Report(fd->getLocation(), diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
        << "'" + fd->getQualifiedNameAsString() + "' exists on the GPU only (it reaches a construct the host does " +
               "not have), but " + where + " refers to it";
    ok = false;
  }
  return ok;
}

} // namespace circle
