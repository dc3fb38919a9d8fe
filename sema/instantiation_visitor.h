// A RecursiveASTVisitor that sees what code generation will see: every template
// instantiation, the bodies of generic lambdas' instantiated call operators
// included (RecursiveASTVisitor walks only a lambda's pattern). One exception: a
// function the preamble PCH holds (frontend/preamble_pch.h) is visited without its
// parameters and body. Reading those would load every body of circle's prelude and
// CUDA's headers from the PCH (~380 M instructions on bench/small_kernel.cxx), where code
// generation loads only those it emits; what circle's walks look for in a body
// (launches, if-target predicates, asm strings, throws, local classes) is not in
// those headers' functions, and is in this unit's instantiations of their
// templates, which are not from the PCH.
#pragma once
#include "clang/AST/RecursiveASTVisitor.h"

namespace circle {

// `v`'s WalkUpFrom for the declaration's dynamic class: its Visit methods from the
// most general class down, as RecursiveASTVisitor calls them.
template <class V> bool walkUpFromDecl(V& v, clang::Decl* d) {
  switch (d->getKind()) {
#define ABSTRACT_DECL(DECL)
#define DECL(CLASS, BASE)                                                                                              \
  case clang::Decl::CLASS:                                                                                             \
    return v.WalkUpFrom##CLASS##Decl(static_cast<clang::CLASS##Decl*>(d));
#include "clang/AST/DeclNodes.inc"
  }
  return true;
}

// The same for a statement.
template <class V> bool walkUpFromStmt(V& v, clang::Stmt* s) {
  switch (s->getStmtClass()) {
  case clang::Stmt::NoStmtClass: break;
#define ABSTRACT_STMT(STMT)
#define STMT(CLASS, PARENT)                                                                                            \
  case clang::Stmt::CLASS##Class:                                                                                      \
    return v.WalkUpFrom##CLASS(static_cast<clang::CLASS*>(s));
#include "clang/AST/StmtNodes.inc"
  }
  return true;
}

template <class Derived> class InstantiationVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(clang::Decl* d) {
    if (d && d->isFromASTFile() && llvm::isa<clang::FunctionDecl>(d)) {
      if (d->isImplicit() && !this->getDerived().shouldVisitImplicitCode()) return true;
      return walkUpFromDecl(this->getDerived(), d);
    }
    return Base::TraverseDecl(d);
  }
  bool TraverseLambdaExpr(clang::LambdaExpr* e) {
    if (!Base::TraverseLambdaExpr(e)) return false;
    if (clang::FunctionTemplateDecl* generic = e->getDependentCallOperator())
      for (clang::FunctionDecl* spec : generic->specializations())
        if (!this->getDerived().traverseGenericLambdaBody(spec)) return false;
    return true;
  }
  // What this class adds to RecursiveASTVisitor's walk (sema/walk_tape.h tells it apart).
  bool traverseGenericLambdaBody(clang::FunctionDecl* spec) { return this->getDerived().TraverseDecl(spec); }
};

} // namespace circle
