#include "codegen/kernel_index.h"

#include "codegen/function_symbols.h"
#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <vector>

namespace circle {
namespace {

class FunctionFinder : public clang::RecursiveASTVisitor<FunctionFinder> {
public:
  using Filter = std::function<bool(const clang::FunctionDecl&)>;
  // With `everything`, lambdas' call operators and each symbol of a constructor or
  // destructor are listed too.
  FunctionFinder(clang::ASTContext& ast, Filter filter, bool everything)
      : mangler_(ast.createMangleContext()), filter_(std::move(filter)), lambdas_(everything),
        structors_(everything) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(clang::FunctionDecl* fd) {
    // Constructors and destructors have several symbols each; none is a kernel, and
    // an explicitly __host__ one is rare enough to leave to the generic check.
    bool structor = llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(fd);
    if (fd->isDependentContext() || (structor && !structors_) || !filter_(*fd)) return true;
    if (!structor) {
      found.emplace(deviceSymbolName(*mangler_, *fd), fd);
      return true;
    }
    for (const clang::GlobalDecl& gd : variantsOf(*fd)) {
      std::string name;
      llvm::raw_string_ostream os(name);
      mangler_->mangleName(gd, os);
      found.emplace(name, fd);
    }
    return true;
  }
  // A lambda's class is implicit code, which the walk does not enter.
  bool VisitLambdaExpr(clang::LambdaExpr* e) {
    if (clang::CXXMethodDecl* call = e->getCallOperator(); lambdas_ && call && !call->isDependentContext())
      VisitFunctionDecl(call);
    return true;
  }
  DeclsByName found;

private:
  std::unique_ptr<clang::MangleContext> mangler_;
  Filter filter_;
  bool lambdas_, structors_;
};

DeclsByName collectFunctions(const WalkTape& tape, FunctionFinder::Filter filter, bool everything = false) {
  FunctionFinder finder(tape.ast(), std::move(filter), everything);
  tape.replay(finder);
  return std::move(finder.found);
}

} // namespace

std::string deviceSymbolName(clang::MangleContext& mangler, const clang::FunctionDecl& fd) {
  std::string name;
  llvm::raw_string_ostream os(name);
  if (mangler.shouldMangleDeclName(&fd)) {
    clang::GlobalDecl gd = fd.hasAttr<clang::CUDAGlobalAttr>()
                               ? clang::GlobalDecl(&fd, clang::KernelReferenceKind::Kernel)
                               : clang::GlobalDecl(&fd);
    mangler.mangleName(gd, os);
  } else {
    os << fd.getName();
  }
  return name;
}

std::string variableSymbolName(clang::MangleContext& mangler, const clang::VarDecl& vd) {
  std::string name;
  llvm::raw_string_ostream os(name);
  if (mangler.shouldMangleDeclName(&vd)) mangler.mangleName(clang::GlobalDecl(&vd), os);
  else os << vd.getName();
  return name;
}

std::map<std::string, const clang::VarDecl*> managedVariables(const WalkTape& tape) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitVarDecl(clang::VarDecl* vd) {
      for (const auto* a : vd->specific_attrs<clang::AnnotateAttr>())
        if (a->getAnnotation() == "circle.managed" && !vd->getDeclContext()->isDependentContext() && vd->hasGlobalStorage())
          found.push_back(vd);
      return true;
    }
    std::vector<const clang::VarDecl*> found;
  } finder;
  tape.replay(finder);
  std::unique_ptr<clang::MangleContext> mangler(tape.ast().createMangleContext());
  std::map<std::string, const clang::VarDecl*> names;
  for (const clang::VarDecl* vd : finder.found) names.emplace(variableSymbolName(*mangler, *vd), vd);
  return names;
}

// Whether the C++ ABI passes an argument of `type` by address, never by copying bytes.
static bool passedByAddress(clang::QualType type) {
  const auto* rd = type->getAsCXXRecordDecl();
  return rd && rd->hasDefinition() && !rd->canPassInRegisters();
}

std::map<std::string, std::vector<bool>> indexNonTrivialRecordParams(const WalkTape& tape) {
  DeclsByName functions = collectFunctions(
      tape,
      [](const clang::FunctionDecl& fd) {
        return fd.doesThisDeclarationHaveABody() && !fd.hasAttr<clang::CUDAGlobalAttr>() &&
               llvm::any_of(fd.parameters(), [](const clang::ParmVarDecl* p) { return passedByAddress(p->getType()); });
      },
      /*everything=*/true);
  std::map<std::string, std::vector<bool>> params;
  for (const auto& [symbol, fd] : functions)
    for (const clang::ParmVarDecl* p : fd->parameters())
      if (p->getType()->isRecordType()) params[symbol].push_back(passedByAddress(p->getType()));
  return params;
}

DeclsByName indexKernels(const WalkTape& tape) {
  return collectFunctions(tape, [](const clang::FunctionDecl& fd) {
    return fd.hasAttr<clang::CUDAGlobalAttr>() && fd.doesThisDeclarationHaveABody();
  });
}

DeclsByName indexClusterKernels(const WalkTape& tape) {
  return collectFunctions(tape, [](const clang::FunctionDecl& fd) {
    return fd.hasAttr<clang::CUDAGlobalAttr>() && fd.hasAttr<clang::CUDAClusterDimsAttr>() &&
           fd.doesThisDeclarationHaveABody();
  });
}

DeclsByName indexExplicitHostFunctions(const WalkTape& tape) {
  const clang::SourceManager& sm = tape.ast().getSourceManager();
  return collectFunctions(tape, [&sm](const clang::FunctionDecl& fd) {
    const auto* host = fd.getAttr<clang::CUDAHostAttr>();
    return host && !host->isImplicit() && !fd.hasAttr<clang::CUDADeviceAttr>() &&
           !sm.isInSystemHeader(fd.getLocation());
  });
}

namespace {

// Whether a body computes with long double: an expression or a variable of that type.
class LongDoubleUse : public clang::RecursiveASTVisitor<LongDoubleUse> {
public:
  static bool in(const clang::FunctionDecl& fd) {
    LongDoubleUse v;
    v.TraverseStmt(fd.getBody());
    return v.found_;
  }
  bool VisitExpr(clang::Expr* e) { return !(found_ = isLongDouble(e->getType())); }
  bool VisitVarDecl(clang::VarDecl* vd) { return !(found_ = isLongDouble(vd->getType())); }

private:
  static bool isLongDouble(clang::QualType t) {
    return !t.isNull() && t.getCanonicalType()->isSpecificBuiltinType(clang::BuiltinType::LongDouble);
  }
  bool found_ = false;
};

} // namespace

DeclsByName indexLongDoubleFunctions(const WalkTape& tape) {
  return collectFunctions(tape, [](const clang::FunctionDecl& fd) {
    return fd.doesThisDeclarationHaveABody() && !fd.isFromASTFile() && LongDoubleUse::in(fd);
  });
}

DeclsByName indexUserFunctions(const WalkTape& tape) {
  const clang::SourceManager& sm = tape.ast().getSourceManager();
  return collectFunctions(
      tape,
      [&sm](const clang::FunctionDecl& fd) {
        return fd.doesThisDeclarationHaveABody() && !sm.isInSystemHeader(fd.getLocation());
      },
      /*everything=*/true);
}

std::map<std::string, TryFunction> findTryFunctions(const DeclsByName& userFunctions, const clang::SourceManager& sm) {
  struct FirstTry : clang::RecursiveASTVisitor<FirstTry> {
    bool TraverseLambdaExpr(clang::LambdaExpr*) { return true; } // its own function
    bool VisitCXXTryStmt(clang::CXXTryStmt* t) {
      at = t->getTryLoc();
      return false;
    }
    clang::SourceLocation at;
  };
  std::map<std::string, TryFunction> found;
  for (const auto& [symbol, fd] : userFunctions) {
    FirstTry first;
    first.TraverseStmt(fd->getBody());
    if (first.at.isValid() && !sm.isInSystemHeader(first.at)) found.emplace(symbol, TryFunction{fd, first.at});
  }
  return found;
}

std::map<std::string, const clang::VarDecl*> findVariablesBySymbols(const WalkTape& tape,
                                                                   const std::set<std::string>& symbols) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitVarDecl(clang::VarDecl* vd) {
      if (!vd->hasGlobalStorage() || vd->getDeclContext()->isDependentContext()) return true;
      std::string name = variableSymbolName(*mangler, *vd);
      if (symbols->count(name)) found.emplace(name, vd); // the first declaration stays
      return found.size() < symbols->size();
    }
    std::unique_ptr<clang::MangleContext> mangler;
    const std::set<std::string>* symbols = nullptr;
    std::map<std::string, const clang::VarDecl*> found;
  } finder;
  if (symbols.empty()) return {};
  finder.mangler.reset(tape.ast().createMangleContext());
  finder.symbols = &symbols;
  tape.replay(finder);
  return finder.found;
}

const clang::VarDecl* findVariableBySymbol(const WalkTape& tape, const std::string& symbol) {
  std::map<std::string, const clang::VarDecl*> found = findVariablesBySymbols(tape, {symbol});
  return found.empty() ? nullptr : found.begin()->second;
}

std::vector<VariableUse> findVariableUses(const WalkTape& tape, const std::string& symbol) {
  // The walk is in pre-order, so the functions whose bodies hold the current node are
  // the open ones whose source range holds its location (template instantiations share
  // their pattern's locations, so this holds for them too).
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(clang::FunctionDecl* fd) {
      if (fd->doesThisDeclarationHaveABody() && !fd->isDependentContext()) open.push_back(fd);
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
      auto* vd = llvm::dyn_cast<clang::VarDecl>(e->getDecl());
      if (!vd || !vd->hasGlobalStorage() || vd->getDeclContext()->isDependentContext() ||
          variableSymbolName(*mangler, *vd) != symbol)
        return true;
      clang::SourceLocation at = sources->getExpansionLoc(e->getLocation());
      while (!open.empty() && !sources->isPointWithin(at, sources->getExpansionLoc(open.back()->getBeginLoc()),
                                                     sources->getExpansionLoc(open.back()->getEndLoc())))
        open.pop_back();
      if (!open.empty()) found.push_back({deviceSymbolName(*mangler, *open.back()), e->getLocation()});
      return true;
    }
    const clang::SourceManager* sources = nullptr;
    std::unique_ptr<clang::MangleContext> mangler;
    std::string symbol;
    std::vector<clang::FunctionDecl*> open;
    std::vector<VariableUse> found;
  } finder;
  finder.sources = &tape.ast().getSourceManager();
  finder.mangler.reset(tape.ast().createMangleContext());
  finder.symbol = symbol;
  tape.replay(finder);
  return finder.found;
}

const clang::FunctionDecl* findFunctionBySymbol(const WalkTape& tape, const std::string& symbol) {
  std::unique_ptr<clang::MangleContext> mangler(tape.ast().createMangleContext());
  DeclsByName all = collectFunctions(tape, [&](const clang::FunctionDecl& fd) {
    return fd.doesThisDeclarationHaveABody() && deviceSymbolName(*mangler, fd) == symbol;
  });
  return all.empty() ? nullptr : all.begin()->second;
}

} // namespace circle
