// std::sort's algorithm by the lanes that sort together (targets/nvptx/warp_sorts.h):
// std::__sort's depth limit becomes 0 where popc(activemask) >= kLanesForHeapSort;
// other callers of std::__introsort_loop keep theirs.
#include "targets/nvptx/warp_sorts.h"
#include "tests/unit/ir_modules.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Verifier.h"

using namespace circle;
using namespace circle::test;

namespace {

// The shapes of GCC 12's libstdc++ for std::sort(float*, float*), reduced: the loop's
// body only recurses; @user calls the loop itself, as bench/kernels' introsort does.
const char* kSource = R"(
define linkonce_odr void @_ZSt16__introsort_loopIPflN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_T1_(ptr %first, ptr %last, i64 %depth) {
entry:
  %spent = icmp eq i64 %depth, 0
  br i1 %spent, label %done, label %more
more:
  %d1 = sub i64 %depth, 1
  call void @_ZSt16__introsort_loopIPflN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_T1_(ptr %first, ptr %last, i64 %d1)
  br label %done
done:
  ret void
}

define linkonce_odr void @_ZSt6__sortIPfN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_(ptr %first, ptr %last) {
  call void @_ZSt16__introsort_loopIPflN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_T1_(ptr %first, ptr %last, i64 12)
  ret void
}

define void @user(ptr %first, ptr %last) {
  call void @_ZSt16__introsort_loopIPflN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_T1_(ptr %first, ptr %last, i64 12)
  ret void
}
)";

llvm::CallInst* onlyCall(llvm::Function& f) {
  llvm::CallInst* found = nullptr;
  for (llvm::Instruction& i : llvm::instructions(f))
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
        call && call->getCalledFunction() && !call->getCalledFunction()->isIntrinsic()) {
      REQUIRE_FALSE(found);
      found = call;
    }
  REQUIRE(found);
  return found;
}

} // namespace

TEST_CASE("std::sort heap-sorts where enough of a warp's lanes sort together") {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = parseModule(kSource, context);
  REQUIRE(heapSortWhereLanesSortTogether(*m) == 1);
  CHECK_FALSE(llvm::verifyModule(*m));

  // depth = popc(activemask) >= kLanesForHeapSort ? 0 : 12
  llvm::Value* depth = onlyCall(*m->getFunction("_ZSt6__sortIPfN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_"))
                           ->getArgOperand(2);
  auto* choice = llvm::dyn_cast<llvm::SelectInst>(depth);
  REQUIRE(choice);
  CHECK(llvm::cast<llvm::ConstantInt>(choice->getTrueValue())->isZero());
  CHECK(llvm::cast<llvm::ConstantInt>(choice->getFalseValue())->getZExtValue() == 12);
  auto* test = llvm::dyn_cast<llvm::ICmpInst>(choice->getCondition());
  REQUIRE(test);
  CHECK(test->getPredicate() == llvm::ICmpInst::ICMP_UGE);
  CHECK(llvm::cast<llvm::ConstantInt>(test->getOperand(1))->getZExtValue() == kLanesForHeapSort);
  auto* lanes = llvm::dyn_cast<llvm::IntrinsicInst>(test->getOperand(0));
  REQUIRE(lanes);
  CHECK(lanes->getIntrinsicID() == llvm::Intrinsic::ctpop);
  auto* mask = llvm::dyn_cast<llvm::IntrinsicInst>(lanes->getArgOperand(0));
  REQUIRE(mask);
  CHECK(mask->getIntrinsicID() == llvm::Intrinsic::nvvm_activemask);

  // The loop's own call and a direct caller's keep their depth.
  auto* loop = m->getFunction("_ZSt16__introsort_loopIPflN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_T1_");
  CHECK(llvm::isa<llvm::BinaryOperator>(onlyCall(*loop)->getArgOperand(2)));
  CHECK(llvm::cast<llvm::ConstantInt>(onlyCall(*m->getFunction("user"))->getArgOperand(2))->getZExtValue() == 12);
}

TEST_CASE("an introsort whose iterators are not one pointer each is left alone") {
  // An iterator passed as its fields would move the depth limit: the third argument
  // is then not the depth, and nothing may be rewritten.
  const char* source = R"(
define linkonce_odr void @_ZSt16__introsort_loopI2ItlN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_T1_(i64 %first, ptr %last, i64 %x) {
  ret void
}
define linkonce_odr void @_ZSt6__sortI2ItN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_(i64 %first, ptr %last) {
  call void @_ZSt16__introsort_loopI2ItlN9__gnu_cxx5__ops15_Iter_less_iterEEvT_S4_T0_T1_(i64 %first, ptr %last, i64 7)
  ret void
}
)";
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = parseModule(source, context);
  CHECK(heapSortWhereLanesSortTogether(*m) == 0);
}
