#include "codegen/const_kernel_params.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

namespace circle {

int passConstKernelParametersInPlace(const DeclsByName& kernels) {
  int given = 0;
  for (const auto& [symbol, kernel] : kernels) {
    for (clang::ParmVarDecl* p : kernel->parameters()) {
      clang::QualType type = p->getType();
      if (!type.isConstQualified() || p->hasAttr<clang::CUDAGridConstantAttr>()) continue;
      if (const clang::CXXRecordDecl* record = type->getAsCXXRecordDecl();
          record && record->hasDefinition() && record->hasMutableFields())
        continue;
      p->addAttr(clang::CUDAGridConstantAttr::CreateImplicit(p->getASTContext()));
      ++given;
    }
  }
  return given;
}

} // namespace circle
