// Bounded recursion unrolled (targets/nvptx/bounded_recursion.h) where its depth is a
// choice between constants, as std::sort's is where a warp's lanes choose the heap
// sort (targets/nvptx/warp_sorts.h): the calls go to the level their bound names, and
// the unrolled functions compute what the recursion computes.
#include "targets/nvptx/bounded_recursion.h"
#include "tests/unit/ir_modules.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Verifier.h"

#include <cstdint>
#include <string>

using namespace circle;
using namespace circle::test;

namespace {

// @shifted's depth is what instcombine makes of `c ? 0 : 8`.
const std::string kSource = R"(
define internal i64 @levels(i64 %n, i64 %d) {
entry:
  %small = icmp ult i64 %n, 2
  %spent = icmp eq i64 %d, 0
  %stop = or i1 %small, %spent
  br i1 %stop, label %leaf, label %split
leaf:
  %r0 = mul i64 %n, 7
  %r1 = add i64 %r0, %d
  ret i64 %r1
split:
  %h = lshr i64 %n, 1
  %rest = sub i64 %n, %h
  %d1 = sub i64 %d, 1
  %a = call i64 @levels(i64 %h, i64 %d1)
  %b = call i64 @levels(i64 %rest, i64 %d1)
  %s = mul i64 %a, 31
  %t = add i64 %s, %b
  ret i64 %t
}

define i64 @choose(i1 %c, i64 %n) {
  %d = select i1 %c, i64 0, i64 12
  %r = call i64 @levels(i64 %n, i64 %d)
  ret i64 %r
}

define i64 @shifted(i1 %c, i64 %n) {
  %nc = xor i1 %c, true
  %z = zext i1 %nc to i64
  %d = shl i64 %z, 3
  %r = call i64 @levels(i64 %n, i64 %d)
  ret i64 %r
}
)";

llvm::Function* callee(llvm::Function& caller) {
  for (llvm::Instruction& i : llvm::instructions(caller))
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i)) return call->getCalledFunction();
  return nullptr;
}

using Entry = int64_t (*)(bool, int64_t);

std::pair<Entry, Entry> load(llvm::orc::LLJIT& jit, const char* name, bool unroll) {
  auto context = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> m = parseModule(kSource, *context);
  if (unroll) {
    REQUIRE(unrollBoundedRecursion(*m) == 1);
    CHECK_FALSE(llvm::verifyModule(*m));
    CHECK(callee(*m->getFunction("choose"))->getName() == "levels.depth12");
    CHECK(callee(*m->getFunction("shifted"))->getName() == "levels.depth8");
    CHECK(m->getFunction("levels.depth0"));
    CHECK_FALSE(m->getFunction("levels.depth13"));
  }
  llvm::orc::JITDylib& lib = addModule(jit, name, std::move(m), std::move(context));
  return {lookup<Entry>(jit, lib, "choose"), lookup<Entry>(jit, lib, "shifted")};
}

} // namespace

TEST_CASE("recursion whose depth is a choice between constants is unrolled") {
  auto jit = hostJit();
  auto [chooseWritten, shiftedWritten] = load(*jit, "written", false);
  auto [chooseUnrolled, shiftedUnrolled] = load(*jit, "unrolled", true);
  for (int64_t n : {0, 1, 2, 3, 17, 64, 1000, 5000, 100000})
    for (bool c : {false, true}) {
      CAPTURE(n, c);
      REQUIRE(chooseWritten(c, n) == chooseUnrolled(c, n));
      REQUIRE(shiftedWritten(c, n) == shiftedUnrolled(c, n));
    }
}

TEST_CASE("a choice that may exceed the depth bound is left recursive") {
  std::string text = kSource;
  text.replace(text.find("i64 0, i64 12"), 13, "i64 0, i64 40");
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = parseModule(text, context);
  CHECK(unrollBoundedRecursion(*m) == 0);
  CHECK(callee(*m->getFunction("choose"))->getName() == "levels");
}
