#include "codegen/host_roots.h"
#include "codegen/unreferenced_functions.h"
#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace circle;

namespace {

std::vector<std::string> leftOut(const char* source) {
  std::unique_ptr<clang::ASTUnit> unit =
      clang::tooling::buildASTFromCodeWithArgs(source, {"-std=c++20", "-fsyntax-only"}, "roots.cpp");
  REQUIRE(unit);
  WalkTape tape(unit->getASTContext());
  return HostRoots(tape).names();
}

std::vector<std::string> unreferenced(const char* source) {
  std::unique_ptr<clang::ASTUnit> unit =
      clang::tooling::buildASTFromCodeWithArgs(source, {"-std=c++20", "-fsyntax-only"}, "unreferenced.cpp");
  REQUIRE(unit);
  WalkTape tape(unit->getASTContext());
  UnreferencedFunctions found(tape);
  std::vector<std::string> names;
  for (const clang::Decl* d : found.functions())
    names.push_back(llvm::cast<clang::NamedDecl>(d)->getQualifiedNameAsString());
  llvm::sort(names);
  return names;
}

} // namespace

TEST_CASE("Host roots: what only left-out functions refer to is left out, through chains") {
  const char* source = R"(
int leaf(int x) { return x; }
int host_only(int x) { return leaf(x); }
int by_inline(int x) { return x; }
inline int inl(int x) { return by_inline(x); }
template <class T> int tmpl(T x) { return leaf(1) + x; }
static int internal(int x) { return x; }
namespace n { int in_namespace(int x) { return x; } }
int main() { return host_only(1) + inl(2) + internal(3) + n::in_namespace(4); }
)";
  CHECK(leftOut(source) == std::vector<std::string>{"host_only", "main", "n::in_namespace"});
}

TEST_CASE("Host roots: a variable's initializer, a lambda and a range-for's begin() keep what they name") {
  const char* source = R"(
int for_table(int x) { return x; }
int (*table[])(int) = {for_table};
struct R { int n; };
int* begin(R&) { return nullptr; }
int* end(R&) { return nullptr; }
int ranged() {
  R r{1};
  int s = 0;
  for (int v : r) s += v;
  return s;
}
inline int use_ranged() { return ranged(); }
int in_lambda(int x) { return x; }
int caller() {
  auto f = [](int v) { return in_lambda(v); };
  return f(1);
}
)";
  CHECK(leftOut(source) == std::vector<std::string>{"caller"});
}

TEST_CASE("Host roots: what an alias or a weak reference may name is kept") {
  const char* source = R"(
extern "C" int target_fn(int x) { return x; }
extern "C" int other(int x) __attribute__((alias("target_fn")));
int weak_target(int x) { return x; }
static int weak_ref(int) __attribute__((weakref("_Z11weak_targeti")));
int main() { return 0; }
)";
  CHECK(leftOut(source) == std::vector<std::string>{"main"});
}

TEST_CASE("Unreferenced: deferrable definitions nothing refers to, implicit calls counted") {
  const char* source = R"(
#include <compare>
#include <cstddef>
namespace std { template <class T> struct tuple_size; template <size_t I, class T> struct tuple_element; }
struct V { int x; };
inline std::strong_ordering operator<=>(const V& a, const V& b) { return a.x <=> b.x; }
struct P { int a, b; };
template <std::size_t I> inline int get(const P& p) { return I == 0 ? p.a : p.b; }
template <> struct std::tuple_size<P> { static constexpr std::size_t value = 2; };
template <std::size_t I> struct std::tuple_element<I, P> { using type = int; };
inline int defaulted() { return 40; }
inline int with_default(int v = defaulted()) { return v; }
inline int never_called(int v) { return v; }
static int static_unused() { return 1; }
inline int inline_var_init() { return 2; }
inline int unused_var = inline_var_init();
static const int unused_constant = 5;
struct R { int n; };
inline int* begin(R&) { return nullptr; }
inline int* end(R&) { return nullptr; }
int user() {
  V a{1}, b{2};
  auto [p, q] = P{1, 2};
  R r{0};
  int s = 0;
  for (int v : r) s += v;
  return (a < b) + p + q + with_default() + s;
}
)";
  std::vector<std::string> names = unreferenced(source);
  CHECK(std::find(names.begin(), names.end(), "never_called") != names.end());
  CHECK(std::find(names.begin(), names.end(), "static_unused") != names.end());
  CHECK(std::find(names.begin(), names.end(), "unused_constant") != names.end());
  for (const char* used : {"operator<=>", "get", "defaulted", "with_default", "begin", "end", "user"})
    CHECK(std::find(names.begin(), names.end(), used) == names.end());
  // An inline variable whose initializer calls a function must be emitted: it stays, and so does the function.
  CHECK(std::find(names.begin(), names.end(), "inline_var_init") == names.end());
}

TEST_CASE("Unreferenced: CodeGen finds a class's own definitions on use, but not an explicit instantiation's") {
  std::unique_ptr<clang::ASTUnit> unit = clang::tooling::buildASTFromCodeWithArgs(R"(
template <class T> struct Box { T get() const { return T(); } };
template struct Box<int>;
struct Plain { int f() const { return 1; } virtual int g() const { return 2; } };
)",
                                                                                  {"-std=c++20", "-fsyntax-only"}, "found.cpp");
  REQUIRE(unit);
  std::map<std::string, bool> found;
  struct Methods : clang::RecursiveASTVisitor<Methods> {
    std::map<std::string, bool>* out;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCXXMethodDecl(clang::CXXMethodDecl* md) {
      if (md->doesThisDeclarationHaveABody() && !md->isDependentContext() && !md->isImplicit())
        (*out)[md->getParent()->getNameAsString() + "::" + md->getNameAsString()] = foundByCodeGenOnUse(*md);
      return true;
    }
  } methods;
  methods.out = &found;
  methods.TraverseDecl(unit->getASTContext().getTranslationUnitDecl());
  CHECK(found["Plain::f"]);
  CHECK_FALSE(found["Plain::g"]);  // a vtable names it
  CHECK_FALSE(found["Box::get"]);  // Box<int>::get: explicitly instantiated
}
