#include "sema/spirv_entry_points.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/StringExtras.h"

namespace circle {
namespace {

// The local size travels as an annotation: Clang copies annotations into template
// instantiations and keeps them in the AST, which is all the SPIR-V pass reads.
constexpr llvm::StringLiteral kAnnotation = "circle.spirv.comp:";

std::optional<llvm::APSInt> constantNamed(clang::Sema& sema, const clang::IdentifierLoc& id) {
  clang::LookupResult r(sema, id.getIdentifierInfo(), id.getLoc(), clang::Sema::LookupOrdinaryName);
  if (!sema.LookupName(r, sema.getCurScope()) || !r.isSingleResult()) return std::nullopt;
  clang::NamedDecl* d = r.getFoundDecl();
  if (auto* e = llvm::dyn_cast<clang::EnumConstantDecl>(d)) return e->getInitVal();
  auto* v = llvm::dyn_cast<clang::VarDecl>(d);
  if (!v || !v->getType()->isIntegralOrEnumerationType()) return std::nullopt;
  const clang::APValue* value = v->evaluateValue();
  if (!value || !value->isInt()) return std::nullopt;
  return value->getInt();
}

struct SpirvCompAttr : clang::ParsedAttrInfo {
  // Clang asks plugins whether an attribute exists (and so whether to parse its
  // arguments) by the name without its scope; the bare spelling answers that, and
  // handleDeclAttribute turns away [[comp]] without the spirv:: scope.
  static constexpr Spelling kSpellings[] = {{clang::ParsedAttr::AS_CXX11, "spirv::comp"},
                                           {clang::ParsedAttr::AS_CXX11, "comp"}};
  SpirvCompAttr() {
    Spellings = kSpellings;
    NumArgs = 1;
    OptArgs = 2;
  }

  bool diagAppertainsToDecl(clang::Sema& sema, const clang::ParsedAttr& attr, const clang::Decl* d) const override {
    if (llvm::isa<clang::FunctionDecl>(d) && !llvm::isa<clang::CXXMethodDecl>(d)) return true;
    sema.Diag(attr.getLoc(), sema.getDiagnostics().getCustomDiagID(
                                 clang::DiagnosticsEngine::Error,
                                 "[[spirv::comp]] applies to functions that are not class members (the "
                                 "compute shader's entry point)"));
    return false;
  }

  AttrHandling handleDeclAttribute(clang::Sema& sema, clang::Decl* d, const clang::ParsedAttr& attr) const override {
    auto* fd = llvm::cast<clang::FunctionDecl>(d);
    clang::ASTContext& ast = sema.getASTContext();
    auto error = [&](clang::SourceLocation loc, const std::string& text) {
      sema.Diag(loc, sema.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << text;
      return AttributeNotApplied;
    };
    if (!attr.getScopeName() || attr.getScopeName()->getName() != "spirv")
      return error(attr.getLoc(), "unknown attribute 'comp': a compute shader entry point is [[spirv::comp(N)]]");
    unsigned size[3] = {1, 1, 1};
    for (unsigned i = 0; i < attr.getNumArgs(); ++i) {
      std::optional<llvm::APSInt> v;
      clang::SourceLocation loc;
      if (attr.isArgIdent(i)) {
        // Clang's parser keeps a lone name as the first argument (the spelling of
        // attributes whose first argument is a keyword); it names a constant here.
        loc = attr.getArgAsIdent(i)->getLoc();
        v = constantNamed(sema, *attr.getArgAsIdent(i));
      } else {
        clang::Expr* e = attr.isArgExpr(i) ? attr.getArgAsExpr(i) : nullptr;
        if (!e) return error(attr.getLoc(), "[[spirv::comp]] takes the local size: one to three integer constants");
        if (e->isValueDependent())
          return error(e->getExprLoc(), "the local size of [[spirv::comp]] must not depend on template parameters");
        loc = e->getExprLoc();
        v = e->getIntegerConstantExpr(ast);
      }
      if (!v || v->isNegative() || *v == 0 || v->getZExtValue() > 1024)
        return error(loc, "the local size of [[spirv::comp]] is an integer constant from 1 to 1024");
      size[i] = static_cast<unsigned>(v->getZExtValue());
    }
    if (uint64_t(size[0]) * size[1] * size[2] > 1024)
      return error(attr.getLoc(), "a [[spirv::comp]] workgroup has at most 1024 invocations");
    if (!fd->getReturnType()->isVoidType() && !fd->getReturnType()->isDependentType())
      return error(fd->getLocation(), "a [[spirv::comp]] entry point returns void");
    if (!fd->hasAttr<clang::CUDAGlobalAttr>()) fd->addAttr(clang::CUDAGlobalAttr::CreateImplicit(ast));
    std::string text = (kAnnotation + llvm::Twine(size[0]) + "," + llvm::Twine(size[1]) + "," +
                        llvm::Twine(size[2])).str();
    fd->addAttr(clang::AnnotateAttr::Create(ast, text, nullptr, 0, attr.getRange()));
    return AttributeApplied;
  }
};

clang::ParsedAttrInfoRegistry::Add<SpirvCompAttr> registration("spirv::comp", "a Vulkan compute entry point");

std::optional<std::array<unsigned, 3>> localSizeOf(const clang::FunctionDecl& fd) {
  for (const auto* a : fd.specific_attrs<clang::AnnotateAttr>()) {
    llvm::StringRef text = a->getAnnotation();
    if (!text.consume_front(kAnnotation)) continue;
    std::array<unsigned, 3> size{};
    for (unsigned& s : size) {
      auto [head, rest] = text.split(',');
      head.getAsInteger(10, s);
      text = rest;
    }
    return size;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::array<unsigned, 3>> spirvLocalSize(const clang::FunctionDecl& fd) {
  if (auto s = localSizeOf(fd)) return s;
  if (const clang::FunctionDecl* pattern = fd.getTemplateInstantiationPattern()) return localSizeOf(*pattern);
  return std::nullopt;
}

} // namespace circle
