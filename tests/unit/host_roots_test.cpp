#include "codegen/host_roots.h"
#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

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

TEST_CASE("Host roots: an alias attribute turns the analysis off") {
  const char* source = R"(
extern "C" int target_fn(int x) { return x; }
extern "C" int other(int x) __attribute__((alias("target_fn")));
int main() { return 0; }
)";
  CHECK(leftOut(source).empty());
}
