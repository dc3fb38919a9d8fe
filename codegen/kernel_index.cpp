#include "codegen/kernel_index.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {
namespace {

class KernelFinder : public clang::RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(clang::ASTContext& ast) : mangler_(ast.createMangleContext()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(clang::FunctionDecl* fd) {
    if (!fd->hasAttr<clang::CUDAGlobalAttr>() || !fd->doesThisDeclarationHaveABody()) return true;
    if (fd->isDependentContext()) return true;
    std::string name;
    llvm::raw_string_ostream os(name);
    if (mangler_->shouldMangleDeclName(fd))
      mangler_->mangleName(clang::GlobalDecl(fd, clang::KernelReferenceKind::Kernel), os);
    else
      os << fd->getName();
    kernels[name] = fd;
    return true;
  }
  std::map<std::string, const clang::FunctionDecl*> kernels;

private:
  std::unique_ptr<clang::MangleContext> mangler_;
};

} // namespace

std::map<std::string, const clang::FunctionDecl*> indexKernels(clang::ASTContext& ast) {
  KernelFinder finder(ast);
  finder.TraverseDecl(ast.getTranslationUnitDecl());
  return std::move(finder.kernels);
}

} // namespace circle
