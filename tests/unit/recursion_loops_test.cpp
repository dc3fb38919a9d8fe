// Self-recursion as a loop (targets/nvptx/recursion_loops.h): the same functions, as
// written and as loops, compiled for this machine and run on the same inputs.
#include "targets/nvptx/recursion_loops.h"
#include "tests/unit/ir_modules.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Verifier.h"

#include <cstdint>
#include <vector>

using namespace circle;
using namespace circle::test;

namespace {

// Two calls per level with work between and after them (the shape of a quicksort);
// a value returned through a phi; a chain deeper than the frame stack; a call in a
// loop whose phis the caller reads after it; one with an array of its own, which each
// level's frame keeps; one whose array memset zeroes and memcpy reads after the call;
// and two that stay recursive: one with a warp-wide (convergent)
// operation, one that gives the nested call its object's address.
const char* kSource = R"(
define void @rec(ptr %a, i32 %lo, i32 %hi, i32 %depth) {
entry:
  %len = sub i32 %hi, %lo
  %small = icmp slt i32 %len, 2
  %spent = icmp sle i32 %depth, 0
  %stop = or i1 %small, %spent
  br i1 %stop, label %done, label %work
work:
  %plo = getelementptr i32, ptr %a, i32 %lo
  %last = sub i32 %hi, 1
  %phi = getelementptr i32, ptr %a, i32 %last
  %x = load i32, ptr %plo
  %y = load i32, ptr %phi
  %gt = icmp sgt i32 %x, %y
  br i1 %gt, label %swap, label %split
swap:
  store i32 %y, ptr %plo
  store i32 %x, ptr %phi
  br label %split
split:
  %half = sdiv i32 %len, 2
  %mid = add i32 %lo, %half
  %d1 = sub i32 %depth, 1
  call void @rec(ptr %a, i32 %lo, i32 %mid, i32 %d1)
  %v = load i32, ptr %plo
  %bit = and i32 %v, 1
  %d2 = sub i32 %d1, %bit
  call void @rec(ptr %a, i32 %mid, i32 %hi, i32 %d2)
  br label %done
done:
  ret void
}

define i64 @walk(i64 %n, i64 %acc) {
entry:
  %base = icmp ult i64 %n, 2
  br i1 %base, label %leaf, label %inner
leaf:
  %r0 = add i64 %acc, %n
  br label %out
inner:
  %n1 = sub i64 %n, 1
  %a = call i64 @walk(i64 %n1, i64 %acc)
  %n2 = sub i64 %n, 2
  %b = call i64 @walk(i64 %n2, i64 %a)
  %m = mul i64 %b, 3
  %r1 = xor i64 %m, %n
  br label %out
out:
  %r = phi i64 [ %r0, %leaf ], [ %r1, %inner ]
  ret i64 %r
}

define i64 @chain(i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %more
base:
  ret i64 5
more:
  %n1 = sub i64 %n, 1
  %s = call i64 @chain(i64 %n1)
  %t = mul i64 %s, 31
  %u = add i64 %t, %n
  ret i64 %u
}

define i64 @in_loop(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %acc = phi i64 [ 1, %entry ], [ %acc1, %body ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %out
body:
  %half = lshr i64 %n, 1
  %sub = call i64 @in_loop(i64 %half)
  %x = mul i64 %acc, 3
  %y = xor i64 %sub, %i
  %acc1 = add i64 %x, %y
  %i1 = add i64 %i, 1
  br label %loop
out:
  ret i64 %acc
}

define void @warp_sync() convergent {
  ret void
}

define i32 @syncs(i32 %n) {
entry:
  call void @warp_sync()
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %more
base:
  ret i32 1
more:
  %n1 = sub i32 %n, 1
  %s = call i32 @syncs(i32 %n1)
  %r = mul i32 %s, 3
  ret i32 %r
}

define i32 @own_array(i32 %n) {
entry:
  %a = alloca [8 x i32]
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %p = getelementptr [8 x i32], ptr %a, i32 0, i32 %i
  %m = mul i32 %n, %i
  %v = add i32 %m, 1
  store i32 %v, ptr %p
  %i1 = add i32 %i, 1
  %filled = icmp eq i32 %i1, 8
  br i1 %filled, label %test, label %fill
test:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %more
base:
  %first = load i32, ptr %a
  ret i32 %first
more:
  %n1 = sub i32 %n, 1
  %s = call i32 @own_array(i32 %n1)
  %at = and i32 %n, 7
  %q = getelementptr [8 x i32], ptr %a, i32 0, i32 %at
  %k = load i32, ptr %q
  %t = mul i32 %s, 7
  %r = add i32 %t, %k
  ret i32 %r
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define i32 @zeroed(i32 %n) {
entry:
  %a = alloca [4 x i32]
  %b = alloca [4 x i32]
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 16, i1 false)
  %i = and i32 %n, 3
  %p = getelementptr [4 x i32], ptr %a, i32 0, i32 %i
  store i32 %n, ptr %p
  %z = icmp slt i32 %n, 1
  br i1 %z, label %base, label %more
base:
  ret i32 %n
more:
  %n1 = sub i32 %n, 1
  %s = call i32 @zeroed(i32 %n1)
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 16, i1 false)
  %j = xor i32 %i, 1
  %q = getelementptr [4 x i32], ptr %b, i32 0, i32 %i
  %v = load i32, ptr %q
  %q2 = getelementptr [4 x i32], ptr %b, i32 0, i32 %j
  %w = load i32, ptr %q2
  %r1 = mul i32 %s, 5
  %r2 = add i32 %r1, %v
  %r3 = add i32 %r2, %w
  ret i32 %r3
}

define i32 @passes_array(ptr %up, i32 %n) {
entry:
  %buf = alloca i32
  store i32 %n, ptr %buf
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %more
base:
  %v = load i32, ptr %up
  ret i32 %v
more:
  %n1 = sub i32 %n, 1
  %s = call i32 @passes_array(ptr %buf, i32 %n1)
  %k = load i32, ptr %buf
  %r = add i32 %s, %k
  ret i32 %r
}
)";

bool callsItself(llvm::Function& f) {
  for (llvm::Instruction& i : llvm::instructions(f))
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i); call && call->getCalledFunction() == &f) return true;
  return false;
}

struct Program {
  void (*rec)(int32_t*, int32_t, int32_t, int32_t);
  int64_t (*walk)(int64_t, int64_t);
  int64_t (*chain)(int64_t);
  int64_t (*inLoop)(int64_t);
  int32_t (*ownArray)(int32_t);
  int32_t (*zeroed)(int32_t);
  int32_t (*passesArray)(int32_t*, int32_t);
};

Program load(llvm::orc::LLJIT& jit, const char* name, bool loops) {
  auto context = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> m = parseModule(kSource, *context);
  if (loops) {
    CHECK(loopSelfRecursion(*m) == 6); // not passes_array or syncs
    std::string problems;
    llvm::raw_string_ostream os(problems);
    CHECK_FALSE(llvm::verifyModule(*m, &os));
    INFO(problems);
    for (const char* f : {"rec", "walk", "chain", "in_loop", "own_array", "zeroed"}) {
      CHECK_FALSE(callsItself(*m->getFunction(f)));
      CHECK(m->getFunction(std::string(f) + ".deep"));
    }
    CHECK(callsItself(*m->getFunction("passes_array")));
    CHECK(callsItself(*m->getFunction("syncs")));
    CHECK(loopSelfRecursion(*m) == 0); // optimised again: the recursive copies stay copies
  }
  llvm::orc::JITDylib& lib = addModule(jit, name, std::move(m), std::move(context));
  return {lookup<void (*)(int32_t*, int32_t, int32_t, int32_t)>(jit, lib, "rec"),
          lookup<int64_t (*)(int64_t, int64_t)>(jit, lib, "walk"), lookup<int64_t (*)(int64_t)>(jit, lib, "chain"),
          lookup<int64_t (*)(int64_t)>(jit, lib, "in_loop"), lookup<int32_t (*)(int32_t)>(jit, lib, "own_array"),
          lookup<int32_t (*)(int32_t)>(jit, lib, "zeroed"),
          lookup<int32_t (*)(int32_t*, int32_t)>(jit, lib, "passes_array")};
}

} // namespace

TEST_CASE("self-recursion as a loop computes what the recursion computes") {
  auto jit = hostJit();
  Program written = load(*jit, "written", false);
  Program looped = load(*jit, "looped", true);

  uint32_t seed = 12345;
  for (int trial = 0; trial < 200; ++trial) {
    int n = 2 + trial % 60, depth = trial % 13;
    std::vector<int32_t> a(n), b;
    for (int32_t& v : a) v = static_cast<int32_t>((seed = seed * 1664525u + 1013904223u) >> 12);
    b = a;
    written.rec(a.data(), 0, n, depth);
    looped.rec(b.data(), 0, n, depth);
    REQUIRE(a == b);
  }
  for (int64_t n = 0; n < 24; ++n) REQUIRE(written.walk(n, n * 7) == looped.walk(n, n * 7));
  // Past kLoopFrames levels the recursive copy takes over.
  for (int64_t n : {0, 1, 31, 32, 33, 100, 1000}) REQUIRE(written.chain(n) == looped.chain(n));
  for (int64_t n = 0; n < 40; ++n) REQUIRE(written.inLoop(n) == looped.inLoop(n));
  for (int32_t n : {0, 1, 5, 31, 32, 33, 90}) REQUIRE(written.ownArray(n) == looped.ownArray(n));
  // An array set by memset and read through memcpy after the call.
  for (int32_t n : {0, 1, 2, 5, 31, 32, 33, 90}) REQUIRE(written.zeroed(n) == looped.zeroed(n));
  int32_t top = 17;
  REQUIRE(written.passesArray(&top, 40) == looped.passesArray(&top, 40));
}
