#include "sema/ptx_asm_strings.h"

#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/CharInfo.h"

namespace circle {
namespace {

// text[i] is a '%' with a character after it: does it start an operand reference? A
// digit, '[' or one of GCC's '=', '{', '|', '}' follows, or an operand modifier letter
// followed by a digit or '['.
bool startsReference(llvm::StringRef text, size_t i) {
  char next = text[i + 1];
  return clang::isDigit(next) || llvm::StringRef("[={|}").contains(next) ||
         (clang::isLetter(next) && i + 2 < text.size() && (clang::isDigit(text[i + 2]) || text[i + 2] == '['));
}

// Is there a '%' that doubleStrayPercents would double? Most asm strings (every one in
// CUDA's headers) have none, and reading each with AnalyzeAsmString costs more than
// the rest of the walk.
bool hasStrayPercent(llvm::StringRef text) {
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '%') continue;
    if (text[i + 1] == '%') ++i;
    else if (!startsReference(text, i)) return true;
  }
  return false;
}

// Doubles each '%' that starts no operand reference ("%%" stays), as nvcc reads PTX
// register names in asm strings.
std::string doubleStrayPercents(llvm::StringRef text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] != '%' || i + 1 >= text.size()) continue;
    if (text[i + 1] == '%') out += text[++i];
    else if (!startsReference(text, i)) out += '%';
  }
  return out;
}

class AsmFinder : public InstantiationVisitor<AsmFinder> {
public:
  explicit AsmFinder(clang::ASTContext& ast) : ast_(ast) {}
  bool VisitGCCAsmStmt(clang::GCCAsmStmt* s) {
    auto* literal = llvm::dyn_cast_or_null<clang::StringLiteral>(s->getAsmStringExpr());
    if (!literal || !literal->isOrdinary() || s->isSimple() || !hasStrayPercent(literal->getString())) return true;
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

void acceptNvccAsmPercents(const WalkTape& tape) {
  AsmFinder finder(tape.ast());
  tape.replay(finder);
}

} // namespace circle
