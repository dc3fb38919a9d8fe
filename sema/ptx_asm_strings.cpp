#include "sema/ptx_asm_strings.h"

#include "sema/instantiation_visitor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/CharInfo.h"

namespace circle {
namespace {

// '%' starts an operand reference when a digit, '[', another '%' or one of GCC's
// '=', '{', '|', '}' follows, or an operand modifier letter followed by a digit or '['.
std::string doubleStrayPercents(llvm::StringRef text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] != '%' || i + 1 >= text.size()) continue;
    char next = text[i + 1];
    if (next == '%') {
      out += text[++i];
      continue;
    }
    bool reference = clang::isDigit(next) || llvm::StringRef("[={|}").contains(next) ||
                     (clang::isLetter(next) && i + 2 < text.size() && (clang::isDigit(text[i + 2]) || text[i + 2] == '['));
    if (!reference) out += '%';
  }
  return out;
}

class AsmFinder : public InstantiationVisitor<AsmFinder> {
public:
  explicit AsmFinder(clang::ASTContext& ast) : ast_(ast) {}
  bool VisitGCCAsmStmt(clang::GCCAsmStmt* s) {
    auto* literal = llvm::dyn_cast_or_null<clang::StringLiteral>(s->getAsmStringExpr());
    if (!literal || !literal->isOrdinary() || s->isSimple()) return true;
    llvm::SmallVector<clang::GCCAsmStmt::AsmStringPiece, 8> pieces;
    unsigned offset;
    if (!s->AnalyzeAsmString(pieces, ast_, offset)) return true; // Clang reads it already
    std::string fixed = doubleStrayPercents(literal->getString());
    auto* replacement = clang::StringLiteral::Create(
        ast_, fixed, clang::StringLiteralKind::Ordinary, false,
        ast_.getStringLiteralArrayType(ast_.CharTy, fixed.size()), literal->getBeginLoc());
    s->setAsmStringExpr(replacement);
    // Still not readable: the original stays, and its deferred error with it.
    if (s->AnalyzeAsmString(pieces, ast_, offset)) s->setAsmStringExpr(literal);
    return true;
  }

private:
  clang::ASTContext& ast_;
};

} // namespace

void acceptNvccAsmPercents(clang::ASTContext& ast) {
  AsmFinder finder(ast);
  finder.TraverseDecl(ast.getTranslationUnitDecl());
}

} // namespace circle
