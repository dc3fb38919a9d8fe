#include "codegen/device_rtti_sites.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include "sema/walk_tape.h"

#include "clang/AST/APValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace circle {
namespace {

using namespace clang;

class RttiFinder : public InstantiationVisitor<RttiFinder> {
public:
  RttiFinder(ASTContext& ast, DeviceRtti& out)
      : ast_(ast), out_(out), mangler_(ast.createMangleContext()), loc_(ast.getTranslationUnitDecl()->getLocation()) {
    dynamicCast_ = preludeFunction("__circle_dynamic_cast");
    handlerType_ = preludeFunction("__circle_eh_handler_type");
  }

  bool VisitCXXRecordDecl(CXXRecordDecl* rd) {
    if (rd->isThisDeclarationADefinition() && !rd->isDependentContext() && rd->isDynamicClass() &&
        !rd->isInvalidDecl())
      nameOf(ast_.getCanonicalTagType(rd));
    return true;
  }

  bool VisitCXXThrowExpr(CXXThrowExpr* t) {
    if (!t->getSubExpr() || t->isInstantiationDependent()) return true;
    QualType type = t->getSubExpr()->getType();
    if (type->isArrayType() || type->isFunctionType()) type = ast_.getDecayedType(type);
    PresumedLoc at = ast_.getSourceManager().getPresumedLoc(ast_.getSourceManager().getExpansionLoc(t->getThrowLoc()));
    if (at.isValid()) out_.throws[throwSiteKey(at.getFilename(), at.getLine())].insert(nameOf(type));
    return true;
  }

  // A typed handler's block, in device passes, starts by naming the caught type.
  bool VisitCXXCatchStmt(CXXCatchStmt* c) {
    if (!handlerType_ || !c->getExceptionDecl() || c->getCaughtType()->isDependentType()) return true;
    SourceLocation at = c->getCatchLoc();
    QualType caught = c->getCaughtType().getNonReferenceType();
    Expr* args[] = {typeInfoAddress(caught, at)};
    auto* callee = DeclRefExpr::Create(ast_, {}, {}, handlerType_, false, at, handlerType_->getType(), VK_LValue);
    Expr* marker = CallExpr::Create(
        ast_, implicitCast(ast_.getPointerType(handlerType_->getType()), CK_FunctionToPointerDecay, callee), args,
        ast_.VoidTy, VK_PRValue, at, FPOptionsOverride());
    for (Stmt*& block : c->children()) {
      Stmt* body[] = {marker, block};
      out_.swaps.push_back({&block, block, CompoundStmt::Create(ast_, body, FPOptionsOverride(), at, at)});
    }
    return true;
  }

  // Only an address (a reference, a pointer, an object holding one) can carry a
  // type_info out of a constant evaluation; a bool from == is right on every side.
  bool VisitVarDecl(VarDecl* v) {
    if (isa<ParmVarDecl>(v) || v->isInvalidDecl()) return true;
    const Expr* init = v->getInit();
    if (!init || init->isInstantiationDependent() || v->getType()->isArithmeticType() ||
        v->getType()->isEnumeralType())
      return true;
    if (holdsSwap(init)) out_.reevaluate.push_back(v);
    return true;
  }

  // The parent's child slots are what codegen reads, so the swaps go there.
  bool VisitStmt(Stmt* s) {
    for (Stmt*& child : s->children()) {
      auto* e = dyn_cast_or_null<Expr>(child);
      if (!e || e->isInstantiationDependent()) continue;
      if (Expr* r = replacementFor(e)) out_.swaps.push_back({&child, child, r});
    }
    return true;
  }

private:
  bool holdsSwap(const Stmt* s) {
    if (auto* e = dyn_cast<Expr>(s)) {
      if (auto* t = dyn_cast<CXXTypeidExpr>(e); t && !t->isPotentiallyEvaluated()) return true;
      if (isa<CXXDynamicCastExpr>(e)) return true;
    }
    for (const Stmt* child : s->children())
      if (child && holdsSwap(child)) return true;
    return false;
  }

  Expr* replacementFor(Expr* e) {
    if (auto* t = dyn_cast<CXXTypeidExpr>(e)) {
      // typeid(*polymorphic) reads the vtable's slot; it needs no swap.
      if (t->isPotentiallyEvaluated()) return nullptr;
      QualType type = t->isTypeOperand() ? t->getTypeOperand(ast_) : t->getExprOperand()->getType();
      VarDecl* info = typeInfoVariable(type, t->getType());
      return DeclRefExpr::Create(ast_, {}, {}, info, false, t->getBeginLoc(), t->getType(), VK_LValue);
    }
    if (auto* c = dyn_cast<CXXDynamicCastExpr>(e); c && c->getCastKind() == CK_Dynamic && dynamicCast_)
      return dynamicCastCall(c);
    return nullptr;
  }

  // __circle_dynamic_cast(object, &type_info(from), &type_info(to) or null, is_reference),
  // converted back to the cast's type.
  Expr* dynamicCastCall(CXXDynamicCastExpr* c) {
    SourceLocation at = c->getBeginLoc();
    Expr* operand = c->getSubExpr();
    bool toPointer = c->getType()->isPointerType();
    QualType from = toPointer ? operand->getType()->getPointeeType() : operand->getType();
    QualType to = toPointer ? c->getType()->getPointeeType() : c->getType();
    if (!toPointer)
      operand = UnaryOperator::Create(ast_, operand, UO_AddrOf, ast_.getPointerType(operand->getType()), VK_PRValue,
                                      OK_Ordinary, at, false, FPOptionsOverride());
    Expr* toInfo = to->isVoidType()
                       ? implicitCast(ast_.getPointerType(ast_.VoidTy.withConst()), CK_NullToPointer,
                                      IntegerLiteral::Create(ast_, llvm::APInt(32, 0), ast_.IntTy, at))
                       : typeInfoAddress(to, at);
    Expr* args[] = {toConstVoidPointer(operand), typeInfoAddress(from, at), toInfo,
                    IntegerLiteral::Create(ast_, llvm::APInt(32, toPointer ? 0 : 1), ast_.IntTy, at)};
    auto* callee = DeclRefExpr::Create(ast_, {}, {}, dynamicCast_, false, at, dynamicCast_->getType(), VK_LValue);
    Expr* call = CallExpr::Create(ast_, implicitCast(ast_.getPointerType(dynamicCast_->getType()),
                                                     CK_FunctionToPointerDecay, callee),
                                  args, dynamicCast_->getReturnType(), VK_PRValue, c->getEndLoc(),
                                  FPOptionsOverride());
    if (toPointer) return implicitCast(c->getType(), CK_BitCast, call);
    Expr* pointer = implicitCast(ast_.getPointerType(c->getType()), CK_BitCast, call);
    return UnaryOperator::Create(ast_, pointer, UO_Deref, c->getType(), c->getValueKind(), OK_Ordinary, at, false,
                                 FPOptionsOverride());
  }

  Expr* implicitCast(QualType type, CastKind kind, Expr* operand) {
    return ImplicitCastExpr::Create(ast_, type, kind, operand, nullptr, VK_PRValue, FPOptionsOverride());
  }
  Expr* toConstVoidPointer(Expr* pointer) {
    return implicitCast(ast_.getPointerType(ast_.VoidTy.withConst()), CK_BitCast, pointer);
  }
  Expr* typeInfoAddress(QualType type, SourceLocation at) {
    VarDecl* info = typeInfoVariable(type, ast_.CharTy.withConst());
    auto* ref = DeclRefExpr::Create(ast_, {}, {}, info, false, at, info->getType(), VK_LValue);
    return toConstVoidPointer(UnaryOperator::Create(ast_, ref, UO_AddrOf, ast_.getPointerType(info->getType()),
                                                    VK_PRValue, OK_Ordinary, at, false, FPOptionsOverride()));
  }

  // An extern device variable carrying the type_info's symbol; one per symbol and
  // declared type (typeid's result is a std::type_info, dynamic_cast only needs an address).
  VarDecl* typeInfoVariable(QualType type, QualType declared) {
    std::string symbol = "_ZTI" + nameOf(type);
    VarDecl*& var = variables_[{symbol, declared.getAsOpaquePtr()}];
    if (!var) {
      var = VarDecl::Create(ast_, ast_.getTranslationUnitDecl(), loc_, loc_, nullptr, declared,
                            ast_.getTrivialTypeSourceInfo(declared), SC_Extern);
      var->setImplicit();
      var->addAttr(AsmLabelAttr::CreateImplicit(ast_, symbol));
      var->addAttr(CUDADeviceAttr::CreateImplicit(ast_));
    }
    return var;
  }

  std::string nameOf(QualType type) {
    std::string name = rttiTypeName(*mangler_, type);
    out_.types.emplace(name, ast_.getCanonicalType(type).getUnqualifiedType());
    return name;
  }

  FunctionDecl* preludeFunction(const char* name) {
    // The prelude declares them; a plain C++ compile (no CUDA) has no device passes.
    for (NamedDecl* d : ast_.getTranslationUnitDecl()->lookup(&ast_.Idents.get(name)))
      if (auto* fd = dyn_cast<FunctionDecl>(d)) return fd;
    return nullptr;
  }

  ASTContext& ast_;
  DeviceRtti& out_;
  std::unique_ptr<MangleContext> mangler_;
  SourceLocation loc_;
  FunctionDecl* dynamicCast_ = nullptr;
  FunctionDecl* handlerType_ = nullptr;
  std::map<std::pair<std::string, void*>, VarDecl*> variables_;
};

} // namespace

std::string throwSiteKey(llvm::StringRef file, unsigned line) {
  return llvm::sys::path::filename(file).str() + ":" + std::to_string(line);
}

std::string rttiTypeName(clang::MangleContext& mangler, clang::QualType type) {
  clang::ASTContext& ast = mangler.getASTContext();
  std::string symbol;
  llvm::raw_string_ostream os(symbol);
  mangler.mangleCXXRTTIName(ast.getCanonicalType(type).getUnqualifiedType(), os);
  return symbol.substr(4); // after "_ZTS"
}

DeviceRtti findDeviceRtti(const WalkTape& tape) {
  DeviceRtti rtti;
  RttiFinder finder(tape.ast(), rtti);
  tape.replay(finder);
  return rtti;
}

// Forgets a variable's evaluated initializer, so the next reader evaluates it again.
static void forgetValue(clang::EvaluatedStmt* e) {
  e->WasEvaluated = false;
  e->Evaluated = clang::APValue();
}

DeviceRttiScope::DeviceRttiScope(const DeviceRtti& rtti) : rtti_(rtti) {
  for (const DeviceRtti::Swap& s : rtti_.swaps) *s.slot = s.replacement;
  for (clang::VarDecl* v : rtti_.reevaluate) {
    std::unique_ptr<clang::APValue> host;
    if (clang::EvaluatedStmt* e = v->getEvaluatedStmt(); e && e->WasEvaluated) {
      host = std::make_unique<clang::APValue>(e->Evaluated);
      forgetValue(e);
    }
    cached_.push_back(std::move(host));
  }
}

// What the device pass evaluated names its type_info variables; the host pass gets
// back what it had, or evaluates afresh.
DeviceRttiScope::~DeviceRttiScope() {
  for (const DeviceRtti::Swap& s : rtti_.swaps) *s.slot = s.original;
  for (size_t i = 0; i < rtti_.reevaluate.size(); ++i) {
    clang::EvaluatedStmt* e = rtti_.reevaluate[i]->getEvaluatedStmt();
    if (!e) continue;
    forgetValue(e);
    if (cached_[i]) {
      e->Evaluated = *cached_[i];
      e->WasEvaluated = true;
    }
  }
}

} // namespace circle
