// After the parse circle reads the whole translation unit many times: if-target
// predicates, device declarations, asm strings, host constants, RTTI sites, managed
// variables, kernels, host-only and long-double functions... each a
// RecursiveASTVisitor walk that sees template instantiations. The unit is mostly
// circle's prelude and CUDA's headers, so each walk cost about as much as the rest of
// a small compile (callgrind, bench/small_kernel.cxx: ~135 M instructions each, about
// ten of them).
// The walks are the same walk: the tape records, in order, each declaration and
// statement one walk visits, and each reader replays it, its Visit methods called as
// its own walk would call them. Recording is one walk; a replay is a loop.
//
// The recorder is an InstantiationVisitor (what it leaves out of the preamble PCH's
// functions: sema/instantiation_visitor.h). A reader must walk as it does: a
// RecursiveASTVisitor that visits template instantiations, neither implicit code nor
// post-order, with no Traverse* of its own, and with Visit* methods for declarations
// and statements only (types, type locs and attributes are not on the tape).
// InstantiationVisitor readers replay every entry; plain visitors that only ask for
// instantiations skip what InstantiationVisitor adds (the bodies of generic lambdas'
// instantiated call operators), and see the PCH's functions as the recorder did.
//
// The tape is of the AST it was recorded from: a reader that replaces a node (the asm
// strings) leaves the old one on the tape, which the readers after it see instead.
#pragma once
#include "sema/instantiation_visitor.h"

#include <cstdint>
#include <type_traits>
#include <vector>

namespace clang {
class ASTContext;
}

namespace circle {

class WalkTape {
public:
  // Walks `ast`'s translation unit once.
  explicit WalkTape(clang::ASTContext& ast);

  clang::ASTContext& ast() const { return ast_; }
  size_t size() const { return entries_.size(); }

  template <class V> bool replay(V& reader) const {
    using Base = clang::RecursiveASTVisitor<V>;
    static_assert(!std::is_same_v<decltype(&V::shouldVisitTemplateInstantiations),
                                  decltype(&Base::shouldVisitTemplateInstantiations)>,
                  "a reader visits template instantiations, as the recorder does");
    static_assert(std::is_same_v<decltype(&V::shouldVisitImplicitCode), decltype(&Base::shouldVisitImplicitCode)>,
                  "a reader does not visit implicit code: the recorder does not");
    static_assert(std::is_same_v<decltype(&V::shouldTraversePostOrder), decltype(&Base::shouldTraversePostOrder)>,
                  "a reader visits in pre-order, as the recorder does");
    constexpr bool everything = std::is_base_of_v<InstantiationVisitor<V>, V>;
    for (uintptr_t e : entries_) {
      if (!everything && (e & kGenericLambdaBody)) continue;
      void* node = reinterpret_cast<void*>(e & ~kFlags);
      if (!((e & kStmt) ? walkUpFromStmt(reader, static_cast<clang::Stmt*>(node))
                        : walkUpFromDecl(reader, static_cast<clang::Decl*>(node))))
        return false;
    }
    return true;
  }

private:
  friend class TapeRecorder;
  static constexpr uintptr_t kStmt = 1, kGenericLambdaBody = 2, kFlags = 7;

  clang::ASTContext& ast_;
  std::vector<uintptr_t> entries_;
};

} // namespace circle
