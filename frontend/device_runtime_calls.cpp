#include "frontend/device_runtime_calls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

namespace circle {

bool declaredForDevice(clang::ASTContext& ast, llvm::StringRef name) {
  clang::IdentifierInfo* id = &ast.Idents.get(name);
  for (clang::NamedDecl* d : ast.getTranslationUnitDecl()->lookup(clang::DeclarationName(id))) {
    auto* f = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!f) continue;
    for (const clang::FunctionDecl* r : f->redecls())
      if (r->hasAttr<clang::CUDADeviceAttr>()) return true;
  }
  return false;
}

} // namespace circle
