#include "dialect/meta_printf.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <cstdio>

namespace circle {

namespace {

constexpr const char* kAnnotation = "circle.meta_printf";
constexpr const char* kPrefix = "__circle_meta_printf_";

// One conversion of a printf format (the text up to and including its letter),
// given one argument's constant value.
std::string convert(const std::string& spec, const clang::Expr* arg, clang::ASTContext& ast) {
  char letter = spec.back();
  char buffer[512];
  clang::Expr::EvalResult value;
  if (letter == 's') {
    std::optional<std::string> text = arg->tryEvaluateString(ast);
    std::snprintf(buffer, sizeof buffer, spec.c_str(), text ? text->c_str() : "(null)");
    return buffer;
  }
  if (!arg->EvaluateAsRValue(value, ast)) return "(not a constant)";
  const clang::APValue& v = value.Val;
  std::string clean; // without length modifiers: the value is passed as long long or double
  for (char c : spec)
    if (c != 'l' && c != 'h' && c != 'z' && c != 'j' && c != 't' && c != 'L' && c != 'q') clean += c;
  if (v.isInt()) {
    if (std::string("feEgGaA").find(letter) != std::string::npos)
      std::snprintf(buffer, sizeof buffer, clean.c_str(), (double)v.getInt().getSExtValue());
    else {
      clean.insert(clean.size() - 1, "ll");
      long long n = v.getInt().isSigned() ? v.getInt().getSExtValue() : (long long)v.getInt().getZExtValue();
      std::snprintf(buffer, sizeof buffer, clean.c_str(), n);
    }
    return buffer;
  }
  if (v.isFloat()) {
    std::snprintf(buffer, sizeof buffer, clean.c_str(), v.getFloat().convertToDouble());
    return buffer;
  }
  return "(not a number)";
}

std::string format(const clang::AnnotateAttr* a, clang::ASTContext& ast) {
  auto args = a->args();
  if (args.begin() == args.end()) return "";
  std::optional<std::string> fmt = (*args.begin())->tryEvaluateString(ast);
  if (!fmt) return "(@meta printf: the format is not a constant string)\n";
  std::string out;
  auto next = args.begin() + 1;
  for (size_t i = 0; i < fmt->size(); ++i) {
    if ((*fmt)[i] != '%') {
      out += (*fmt)[i];
      continue;
    }
    size_t end = fmt->find_first_of("diouxXcsfFeEgGaAp%", i + 1);
    if (end == std::string::npos) break;
    std::string spec = fmt->substr(i, end - i + 1);
    i = end;
    if (spec == "%%") out += '%';
    else if (next == args.end()) out += "(missing argument)";
    else out += convert(spec, *next++, ast);
  }
  return out;
}

class Finder : public clang::RecursiveASTVisitor<Finder> {
public:
  explicit Finder(clang::ASTContext& ast, llvm::raw_ostream& out) : ast_(ast), out_(out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitVarDecl(clang::VarDecl* v) {
    if (!v->getName().starts_with(kPrefix)) return true;
    // A template's pattern is not printed: its instantiations are.
    if (v->getDeclContext()->isDependentContext()) return true;
    for (const auto* a : v->specific_attrs<clang::AnnotateAttr>())
      if (a->getAnnotation() == kAnnotation) out_ << format(a, ast_);
    return true;
  }

private:
  clang::ASTContext& ast_;
  llvm::raw_ostream& out_;
};

} // namespace

std::optional<std::variant<RewritePlan, DialectError>> planMetaPrintf(const std::vector<RawToken>& t, bool braced) {
  namespace tok = clang::tok;
  if (t.size() < 6 || t[0].kind != tok::unknown || t[0].text != "@" || !t[1].is("meta") || !t[2].is("printf"))
    return std::nullopt;
  size_t close = t[3].kind == tok::l_paren ? matchingClose(t, 3) : std::string::npos;
  if (close == std::string::npos || close + 2 != t.size())
    return DialectError{2, "'@meta printf' takes its arguments in parentheses, then ';'"};
  if (close == 4) return DialectError{3, "'@meta printf' needs a format"};
  RewritePlan plan;
  plan.add(std::string(braced ? "{" : "") + "[[clang::annotate(\"" + kAnnotation + "\",", 0);
  plan.keep(4, close);
  plan.add("), maybe_unused]] constexpr int " + std::string(kPrefix) + std::to_string(t[0].offset) + " = 0", close);
  plan.keep(close + 1);
  if (braced) plan.add("}", close + 1);
  return plan;
}

void printMetaPrintfs(clang::ASTContext& ast, llvm::raw_ostream& out) {
  bool any = false;
  for (const auto& entry : ast.Idents)
    if (entry.getKey().starts_with(kPrefix)) {
      any = true;
      break;
    }
  if (!any) return;
  Finder(ast, out).TraverseDecl(ast.getTranslationUnitDecl());
  out.flush();
}

} // namespace circle
