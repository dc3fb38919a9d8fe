#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"

namespace circle {

class TapeRecorder : public InstantiationVisitor<TapeRecorder> {
public:
  explicit TapeRecorder(std::vector<uintptr_t>& out) : out_(out) {}
  bool VisitDecl(clang::Decl* d) {
    out_.push_back(reinterpret_cast<uintptr_t>(d) | flags_);
    return true;
  }
  bool VisitStmt(clang::Stmt* s) {
    out_.push_back(reinterpret_cast<uintptr_t>(s) | flags_ | WalkTape::kStmt);
    return true;
  }
  bool traverseGenericLambdaBody(clang::FunctionDecl* spec) {
    uintptr_t saved = flags_;
    flags_ |= WalkTape::kGenericLambdaBody;
    bool ok = TraverseDecl(spec);
    flags_ = saved;
    return ok;
  }

private:
  std::vector<uintptr_t>& out_;
  uintptr_t flags_ = 0;
};

// Declarations and statements are allocated 8-aligned: three low bits for the flags.
static_assert(alignof(clang::Decl) >= 8 && alignof(clang::Stmt) >= 8);

WalkTape::WalkTape(clang::ASTContext& ast) : ast_(ast) {
  TapeRecorder(entries_).TraverseDecl(ast.getTranslationUnitDecl());
}

} // namespace circle
