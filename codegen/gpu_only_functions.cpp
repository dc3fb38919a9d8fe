#include "codegen/gpu_only_functions.h"

#include "codegen/kernel_index.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

#include <memory>

namespace circle {
namespace {

// The global whose initializer holds `v`, through constant expressions.
const llvm::GlobalVariable* holder(const llvm::Value& v) {
  for (const llvm::User* u : v.users()) {
    if (auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(u)) return gv;
    if (auto* c = llvm::dyn_cast<llvm::Constant>(u))
      if (const llvm::GlobalVariable* gv = holder(*c)) return gv;
  }
  return nullptr;
}

} // namespace

bool checkGpuOnlyFunctionsUnused(clang::ASTContext& ast, clang::DiagnosticsEngine& diags,
                                 const std::vector<clang::FunctionDecl*>& gpuOnly, const llvm::Module& host) {
  std::unique_ptr<clang::MangleContext> mangler(ast.createMangleContext());
  bool ok = true;
  for (const clang::FunctionDecl* fd : gpuOnly) {
    if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(fd)) continue; // several symbols each
    const llvm::Function* f = host.getFunction(deviceSymbolName(*mangler, *fd));
    if (!f || f->use_empty()) continue;
    const llvm::GlobalVariable* gv = holder(*f);
    std::string where = gv ? "the initializer of '" + llvm::demangle(gv->getName().str()) + "'" : "host code";
    diags.Report(fd->getLocation(), diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
        << "'" + fd->getQualifiedNameAsString() + "' exists on the GPU only (it reaches a construct the host does " +
               "not have), but " + where + " refers to it";
    ok = false;
  }
  return ok;
}

} // namespace circle
