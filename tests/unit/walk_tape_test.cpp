#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace circle;

namespace {

// Templates, their instantiations (implicit, explicit, of members), generic lambdas
// instantiated twice, an init list (two forms), a local class, a variable template.
const char* kSource = R"(
template <class T> struct Box { T v; T get() const { return v; } static constexpr int n = sizeof(T); };
template <class T> T twice(T x) { return x + x; }
template <> double twice<double>(double x) { return x * 2; }
template struct Box<char>;
template <class T> constexpr T zero = T();
struct Pair { int a, b; };
int use() {
  Box<int> b{3};
  auto g = [](auto x) { return x + 1; };
  struct Local { virtual int f() { return 1; } } local;
  Pair p = {1, 2};
  return b.get() + twice(2) + g(1) + (int)g(2.0) + Box<long>::n + zero<int> + local.f() + p.a;
}
)";

// Every declaration and statement a visitor's Visit methods see, in order.
template <class Base> struct Recording : Base {
  bool VisitDecl(clang::Decl* d) {
    seen.push_back(d);
    return true;
  }
  bool VisitStmt(clang::Stmt* s) {
    seen.push_back(s);
    return true;
  }
  std::vector<const void*> seen;
};

struct Everything : Recording<InstantiationVisitor<Everything>> {};
struct PlainWithInstantiations : Recording<clang::RecursiveASTVisitor<PlainWithInstantiations>> {
  bool shouldVisitTemplateInstantiations() const { return true; }
};

std::unique_ptr<clang::ASTUnit> parse() {
  return clang::tooling::buildASTFromCodeWithArgs(kSource, {"-std=c++20", "-fsyntax-only"}, "tape.cpp");
}

} // namespace

// What a visitor of kind V sees walking the unit, what it sees replaying its tape,
// and the tape's length.
template <class V> struct WalkAndReplay {
  std::unique_ptr<clang::ASTUnit> unit = parse();
  V walked, replayed;
  bool replayDone = false;
  size_t tapeSize = 0;
  WalkAndReplay() {
    REQUIRE(unit);
    clang::ASTContext& ast = unit->getASTContext();
    WalkTape tape(ast);
    walked.TraverseDecl(ast.getTranslationUnitDecl());
    replayDone = tape.replay(replayed);
    tapeSize = tape.size();
  }
};

TEST_CASE("A replay calls an InstantiationVisitor's Visit methods as its own walk does") {
  WalkAndReplay<Everything> r;
  CHECK(r.replayDone);
  CHECK(r.walked.seen.size() > 100);
  CHECK(r.replayed.seen == r.walked.seen);
  CHECK(r.tapeSize == r.walked.seen.size());
}

TEST_CASE("A plain visitor of instantiations replays without the generic lambdas' instantiated bodies") {
  WalkAndReplay<PlainWithInstantiations> r;
  CHECK(r.replayDone);
  CHECK(r.replayed.seen == r.walked.seen);
  // The two instantiations of the generic lambda's call operator are what the tape
  // holds beyond a plain walk.
  CHECK(r.tapeSize > r.walked.seen.size());
}

TEST_CASE("A replay stops where a Visit method says so") {
  auto unit = parse();
  REQUIRE(unit);
  struct FirstCall : clang::RecursiveASTVisitor<FirstCall> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCallExpr(clang::CallExpr*) {
      ++calls;
      return false;
    }
    int calls = 0;
  } reader;
  WalkTape tape(unit->getASTContext());
  CHECK_FALSE(tape.replay(reader));
  CHECK(reader.calls == 1);
}
