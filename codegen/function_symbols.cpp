#include "codegen/function_symbols.h"

#include "clang/AST/DeclCXX.h"

namespace circle {

std::vector<clang::GlobalDecl> variantsOf(const clang::FunctionDecl& fd, bool withDeleting) {
  auto* f = const_cast<clang::FunctionDecl*>(&fd);
  if (auto* c = llvm::dyn_cast<clang::CXXConstructorDecl>(f))
    return {clang::GlobalDecl(c, clang::Ctor_Complete), clang::GlobalDecl(c, clang::Ctor_Base)};
  if (auto* d = llvm::dyn_cast<clang::CXXDestructorDecl>(f)) {
    std::vector<clang::GlobalDecl> variants{clang::GlobalDecl(d, clang::Dtor_Complete),
                                            clang::GlobalDecl(d, clang::Dtor_Base)};
    if (withDeleting && d->isVirtual()) variants.emplace_back(d, clang::Dtor_Deleting);
    return variants;
  }
  return {clang::GlobalDecl(f)};
}

} // namespace circle
