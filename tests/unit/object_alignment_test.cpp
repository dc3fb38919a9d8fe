// Objects aligned for the accesses made through them (targets/nvptx/object_alignment.h).
// The oracle is independent of the pass: a copy of the module with every call inlined,
// where each access addresses its object directly, must find every object aligned at
// least as widely as each access to it claims.
#include "targets/nvptx/object_alignment.h"
#include "tests/unit/ir_modules.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <string>
#include <vector>

using namespace circle;
using namespace circle::test;

namespace {

// ggml's shape (an array of half2 read as one int4 two calls down, and through a
// lambda's captures), an array read
// through a phi and a select with 8-byte loads, a memcpy from a local, a __shared__
// array read by a callee, recursion through an argument (the fixed point must end), an
// array only read at its own alignment, and a byval copy.
const std::string kSource = R"(
target datalayout = "e-p:64:64:64-p3:32:32:32-p5:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"

%pair = type { i32, i32, i32 }

@tile = internal addrspace(3) global [4 x i32] undef, align 4

define internal void @copy16(ptr %dst, ptr %src) noinline {
  %v = load <4 x i32>, ptr %src, align 16
  store <4 x i32> %v, ptr %dst, align 16
  ret void
}

define internal void @through(ptr %dst, ptr %src) noinline {
  call void @copy16(ptr %dst, ptr %src)
  ret void
}

define internal i64 @walk(ptr %p, i32 %n) noinline {
  %done = icmp eq i32 %n, 0
  br i1 %done, label %leaf, label %deeper
leaf:
  %v = load i64, ptr %p, align 8
  ret i64 %v
deeper:
  %m = sub i32 %n, 1
  %r = call i64 @walk(ptr %p, i32 %m)
  ret i64 %r
}

define internal i32 @byvalue(ptr byval(%pair) align 8 %s) noinline {
  %v = load i32, ptr %s, align 4
  ret i32 %v
}

; A lambda's captures: the closure holds the array's address, the call reads it back.
define internal void @through_closure(ptr %closure, ptr %dst) noinline {
  %slot = getelementptr inbounds i8, ptr %closure, i64 8
  %src = load ptr, ptr %slot, align 8
  call void @copy16(ptr %dst, ptr %src)
  ret void
}

declare void @elsewhere(ptr)

define void @kernel(ptr %out, i1 %c, i32 %n) {
entry:
  %captured = alloca [4 x <2 x half>], align 4
  %closure = alloca { ptr, ptr }, align 8
  %twelve = alloca [3 x i32], align 4
  %five = alloca [5 x i8], align 1
  %pad = alloca [5 x i8], align 1
  %zero = alloca [4 x <2 x half>], align 4
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  %m = alloca [16 x i8], align 1
  %plain = alloca [3 x i32], align 4
  %deep = alloca [2 x i32], align 4
  %s = alloca %pair, align 4
  %r = alloca <4 x i32>, align 16
  store i8 1, ptr %pad, align 1
  store <2 x half> zeroinitializer, ptr %zero, align 4
  call void @through(ptr %r, ptr %zero)
  %which = select i1 %c, ptr %a, ptr %b
  br i1 %c, label %left, label %right
left:
  br label %join
right:
  %second = getelementptr inbounds i32, ptr %a, i64 2
  br label %join
join:
  %p = phi ptr [ %which, %left ], [ %second, %right ]
  %wide = load i64, ptr %p, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %out, ptr align 16 %m, i64 16, i1 false)
  %t = addrspacecast ptr addrspace(3) @tile to ptr
  call void @copy16(ptr %r, ptr %t)
  %x = load i32, ptr %plain, align 4
  %d = call i64 @walk(ptr %deep, i32 %n)
  %y = call i32 @byvalue(ptr byval(%pair) align 8 %s)
  %field = getelementptr inbounds i8, ptr %closure, i64 8
  store ptr %captured, ptr %field, align 8
  call void @through_closure(ptr %closure, ptr %r)
  call void @elsewhere(ptr %twelve)
  call void @elsewhere(ptr %five)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
)";

// The object an address is derived from, through offsets, casts, phis and selects.
const llvm::Value* objectOf(const llvm::Value* p) {
  for (int hops = 0; hops < 16; ++hops) {
    p = p->stripPointerCasts();
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(p)) p = gep->getPointerOperand();
    else if (auto* phi = llvm::dyn_cast<llvm::PHINode>(p)) p = phi->getIncomingValue(0);
    else if (auto* sel = llvm::dyn_cast<llvm::SelectInst>(p)) p = sel->getTrueValue();
    else return p;
  }
  return p;
}

llvm::Align alignmentOf(const llvm::Value* object, const llvm::DataLayout& dl) {
  if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(object)) return a->getAlign();
  if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(object)) return dl.getPreferredAlign(g);
  return llvm::Align(1);
}

// Accesses that claim more alignment than their object has, after inlining every call
// to a function that does not call itself (the recursive one's own access is
// checked through its argument's first caller below).
std::vector<std::string> misaligned(const llvm::Module& original) {
  std::unique_ptr<llvm::Module> m = llvm::CloneModule(original);
  llvm::Function* kernel = m->getFunction("kernel");
  for (bool inlined = true; inlined;) {
    inlined = false;
    for (llvm::Instruction& i : llvm::instructions(*kernel)) {
      auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
      if (!call || !call->getCalledFunction() || call->getCalledFunction()->isDeclaration() ||
          call->getCalledFunction()->getName() == "walk" || call->isByValArgument(0))
        continue;
      llvm::InlineFunctionInfo info;
      REQUIRE(llvm::InlineFunction(*call, info).isSuccess());
      inlined = true;
      break;
    }
  }
  const llvm::DataLayout& dl = m->getDataLayout();
  std::vector<std::string> bad;
  auto check = [&](const llvm::Value* pointer, llvm::MaybeAlign claim, const llvm::Instruction& at) {
    const llvm::Value* object = objectOf(pointer);
    if (!llvm::isa<llvm::AllocaInst>(object) && !llvm::isa<llvm::GlobalVariable>(object)) return;
    if (claim && *claim > alignmentOf(object, dl)) {
      std::string line;
      llvm::raw_string_ostream os(line);
      os << object->getName() << ": " << at;
      bad.push_back(line);
    }
  };
  for (const llvm::Instruction& i : llvm::instructions(*kernel)) {
    if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i)) check(l->getPointerOperand(), l->getAlign(), i);
    else if (auto* s = llvm::dyn_cast<llvm::StoreInst>(&i)) check(s->getPointerOperand(), s->getAlign(), i);
    else if (auto* c = llvm::dyn_cast<llvm::MemTransferInst>(&i)) check(c->getSource(), c->getSourceAlign(), i);
    else if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
             call && call->getCalledFunction() && call->getCalledFunction()->getName() == "walk")
      check(call->getArgOperand(0), llvm::Align(8), i); // @walk loads 8 bytes at its argument
    else if (call && call->isByValArgument(0))
      check(call->getArgOperand(0), call->getParamAlign(0), i);
  }
  return bad;
}

llvm::Align allocaAlign(llvm::Module& m, llvm::StringRef name) {
  for (llvm::Instruction& i : llvm::instructions(*m.getFunction("kernel")))
    if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i); a && a->getName() == name) return a->getAlign();
  FAIL("no alloca " << name.str());
  return llvm::Align(1);
}

} // namespace

TEST_CASE("every object is aligned for the widest access made through it", "[object_alignment]") {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = parseModule(kSource, context);
  // The oracle sees the misalignment the pass must mend.
  std::vector<std::string> before = misaligned(*m);
  CHECK(before.size() >= 4);

  int raised = alignObjectsForTheirAccesses(*m);
  CHECK_FALSE(llvm::verifyModule(*m, &llvm::errs()));
  for (const std::string& access : misaligned(*m)) FAIL_CHECK("still misaligned: " << access);
  CHECK(allocaAlign(*m, "zero") == llvm::Align(16)); // two calls down
  CHECK(allocaAlign(*m, "a") == llvm::Align(8));     // through a phi and a select
  CHECK(allocaAlign(*m, "b") == llvm::Align(8));
  CHECK(allocaAlign(*m, "m") == llvm::Align(16));    // memcpy's source
  CHECK(allocaAlign(*m, "deep") == llvm::Align(8));  // into a recursive function
  CHECK(allocaAlign(*m, "s") == llvm::Align(8));     // a byval copy's alignment
  CHECK(m->getNamedGlobal("tile")->getAlign() == llvm::MaybeAlign(16));
  // Objects read only at their own alignment keep it.
  CHECK(allocaAlign(*m, "pad") == llvm::Align(1));
  CHECK(allocaAlign(*m, "plain") == llvm::Align(4));
  CHECK(allocaAlign(*m, "r") == llvm::Align(16));
  // An address the accesses cannot be followed from (stored in a closure, given to a
  // function the module does not define) takes the widest access its size admits.
  CHECK(allocaAlign(*m, "captured") == llvm::Align(16));
  CHECK(allocaAlign(*m, "twelve") == llvm::Align(8));
  CHECK(allocaAlign(*m, "five") == llvm::Align(4));
  CHECK(allocaAlign(*m, "closure") == llvm::Align(8)); // read through, never stored: its own alignment
  CHECK(raised == 10);
  // Nothing more to do the second time.
  CHECK(alignObjectsForTheirAccesses(*m) == 0);
}
