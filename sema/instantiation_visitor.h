// A RecursiveASTVisitor that sees what code generation will see: every template
// instantiation, the bodies of generic lambdas' instantiated call operators
// included (RecursiveASTVisitor walks only a lambda's pattern).
#pragma once
#include "clang/AST/RecursiveASTVisitor.h"

namespace circle {

template <class Derived> class InstantiationVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(clang::LambdaExpr* e) {
    if (!Base::TraverseLambdaExpr(e)) return false;
    if (clang::FunctionTemplateDecl* generic = e->getDependentCallOperator())
      for (clang::FunctionDecl* spec : generic->specializations())
        if (!this->getDerived().TraverseDecl(spec)) return false;
    return true;
  }
};

} // namespace circle
