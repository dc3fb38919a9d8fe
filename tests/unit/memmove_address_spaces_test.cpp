// A memmove between address spaces survives the NVPTX back end
// (targets/nvptx/memmove_address_spaces.h): LLVM 22's NVPTXLowerAggrCopies erased one
// from a generic pointer into a thread's local array without copying anything.
#include "targets/nvptx/memmove_address_spaces.h"
#include "targets/nvptx/ptx_backend.h"
#include "tests/unit/ir_modules.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <string>

using namespace circle;
using namespace circle::test;

namespace {

// libstdc++'s stable_partition, reduced: a run-time number of ints moved from a heap
// buffer into a local array, then one read back (so the copy is observable).
const std::string kSource = R"(
target triple = "nvptx64-nvidia-cuda"

declare void @llvm.memmove.p5.p0.i64(ptr addrspace(5), ptr, i64, i1)
declare void @llvm.memmove.p0.p5.i64(ptr, ptr addrspace(5), i64, i1)

define void @into_local(ptr %buffer, i64 %bytes, ptr %out) {
  %local = alloca [16 x i32], align 4, addrspace(5)
  call void @llvm.memmove.p5.p0.i64(ptr addrspace(5) align 4 %local, ptr align 4 %buffer, i64 %bytes, i1 false)
  %v = load i32, ptr addrspace(5) %local, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

define void @out_of_local(ptr %buffer, i64 %bytes) {
  %local = alloca [16 x i32], align 4, addrspace(5)
  store i32 7, ptr addrspace(5) %local, align 4
  call void @llvm.memmove.p0.p5.i64(ptr align 4 %buffer, ptr addrspace(5) align 4 %local, i64 %bytes, i1 false)
  ret void
}
)";

int memmoves(llvm::Module& m) {
  int n = 0;
  for (llvm::Function& f : m)
    for (llvm::Instruction& i : llvm::instructions(f)) n += llvm::isa<llvm::MemMoveInst>(&i);
  return n;
}

std::string bodyOf(const std::string& ptx, const std::string& name) {
  size_t at = ptx.find(name + "(");
  REQUIRE(at != std::string::npos);
  size_t end = ptx.find("\n}", at);
  return ptx.substr(at, end - at);
}

} // namespace

TEST_CASE("a memmove between address spaces is a copy loop, not deleted") {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  for (int level : {0, 3}) {
    INFO("-OG" << level);
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> m = parseModule(kSource, context);
    std::string error;
    std::unique_ptr<llvm::TargetMachine> tm = makeNvptxMachine(90, 90, level, error);
    REQUIRE(tm);
    m->setDataLayout(tm->createDataLayout());
    CHECK(expandMovesAcrossAddressSpaces(*m, *tm) == 2);
    CHECK(memmoves(*m) == 0);
    CHECK_FALSE(llvm::verifyModule(*m, &llvm::errs()));
    // The PTX: each function copies through local memory in a loop.
    std::unique_ptr<llvm::Module> again = parseModule(kSource, context);
    std::string ptx;
    REQUIRE(emitPtx(*again, *tm, ptx, error));
    std::string in = bodyOf(ptx, "into_local"), out = bodyOf(ptx, "out_of_local");
    // Optimised, the local side is addressed as local; at -OG0 through a generic pointer.
    CHECK(in.find(level ? "st.local" : "cvta.local") != std::string::npos);
    CHECK(in.find("bra") != std::string::npos);
    CHECK(out.find(level ? "ld.local" : "cvta.local") != std::string::npos);
    CHECK(out.find("bra") != std::string::npos);
  }
}
