#include "sema/device_declarations.h"

#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

#include <string>

namespace circle {
namespace {

bool isDeviceVariable(const clang::VarDecl& vd) {
  return vd.hasAttr<clang::CUDADeviceAttr>() || vd.hasAttr<clang::CUDAConstantAttr>();
}

bool isHostVariable(const clang::VarDecl& vd) {
  return vd.hasGlobalStorage() && !isDeviceVariable(vd) && !vd.hasAttr<clang::CUDASharedAttr>() &&
         !vd.hasAttr<clang::HIPManagedAttr>() && !vd.isConstexpr() && !vd.getType().isConstQualified();
}

class Checker : public InstantiationVisitor<Checker> {
public:
  Checker(clang::ASTContext& ast, clang::DiagnosticsEngine& diags) : ast_(ast), diags_(diags) {}

  bool VisitFunctionDecl(clang::FunctionDecl* fd) {
    if (!fd->hasAttr<clang::CUDAGlobalAttr>() || fd->isDependentContext() || !fd->isThisDeclarationADefinition())
      return true;
    if (fd->isVariadic()) error(fd->getLocation(), "a __global__ function cannot be variadic: '" +
                                                       fd->getNameAsString() + "' takes '...'");
    unsigned long long bytes = 0;
    for (const clang::ParmVarDecl* p : fd->parameters()) {
      clang::QualType t = p->getType();
      if (t->isDependentType() || t->isIncompleteType()) return true;
      clang::CharUnits align = ast_.getTypeAlignInChars(t);
      bytes = (bytes + align.getQuantity() - 1) / align.getQuantity() * align.getQuantity();
      bytes += ast_.getTypeSizeInChars(t).getQuantity();
    }
    if (bytes > kKernelParameterBytes)
      error(fd->getLocation(), "the parameters of kernel '" + fd->getNameAsString() + "' take " + std::to_string(bytes) +
                                   " bytes; a kernel's parameter space holds " +
                                   std::to_string(kKernelParameterBytes) + " (pass large data through a pointer)");
    return true;
  }

  bool VisitVarDecl(clang::VarDecl* vd) {
    if (vd->isInvalidDecl() || vd->getDeclContext()->isDependentContext() || !vd->hasGlobalStorage() ||
        !vd->isThisDeclarationADefinition())
      return true;
    if (vd->hasAttr<clang::CUDAConstantAttr>() && !vd->getType()->isDependentType() &&
        !vd->getType()->isIncompleteType() && !vd->hasExternalStorage()) {
      constantBytes_ += ast_.getTypeSizeInChars(vd->getType()).getQuantity();
      if (constantBytes_ > kConstantBankBytes && !constantReported_) {
        constantReported_ = true;
        error(vd->getLocation(), "__constant__ data reaches " + std::to_string(constantBytes_) +
                                     " bytes with '" + vd->getNameAsString() + "'; the GPU's constant bank holds " +
                                     std::to_string(kConstantBankBytes));
      }
    }
    if (isDeviceVariable(*vd) && vd->getInit()) checkInitializer(*vd, vd->getInit());
    return true;
  }

  bool failed = false;

private:
  // The addresses a device variable's initializer takes.
  void checkInitializer(const clang::VarDecl& var, const clang::Stmt* s) {
    if (!s) return;
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(s))
      if (const auto* target = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
        if (target->hasAttr<clang::CUDASharedAttr>())
          error(ref->getLocation(), "__device__ variable '" + var.getNameAsString() +
                                        "' cannot be initialized with the address of __shared__ variable '" +
                                        target->getNameAsString() + "': every block has its own");
        else if (isHostVariable(*target) && refersToAddress(var))
          error(ref->getLocation(), "__device__ variable '" + var.getNameAsString() +
                                        "' cannot be initialized with the address of host variable '" +
                                        target->getNameAsString() + "', which does not exist on the GPU");
      }
    for (const clang::Stmt* child : s->children()) checkInitializer(var, child);
  }

  // Only addresses matter: a host constant's value may be folded into the initializer.
  static bool refersToAddress(const clang::VarDecl& var) {
    clang::QualType t = var.getType();
    return t->isPointerType() || t->isReferenceType() || t->isRecordType() || t->isArrayType();
  }

  void error(clang::SourceLocation loc, const std::string& message) {
    diags_.Report(loc, diags_.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << message;
    failed = true;
  }

  clang::ASTContext& ast_;
  clang::DiagnosticsEngine& diags_;
  unsigned long long constantBytes_ = 0;
  bool constantReported_ = false;
};

} // namespace

bool checkDeviceDeclarations(const WalkTape& tape, clang::DiagnosticsEngine& diags) {
  Checker checker(tape.ast(), diags);
  tape.replay(checker);
  return !checker.failed;
}

} // namespace circle
