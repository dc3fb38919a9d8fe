#include "targets/host/stack_limits.h"

#include "targets/host/kernel_stubs.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <functional>
#include <vector>

namespace circle {
namespace {

constexpr uint64_t kDefaultStack = 1024; // CUDA's default cudaLimitStackSize
constexpr int kCudaLimitStackSize = 0;   // cudaLimit's first enumerator

// The last limit circle's stubs set, one for the program (linkonce_odr: every object's
// stubs share it): a limit that is neither this nor CUDA's default is the program's.
llvm::GlobalVariable* limitCircleSet(llvm::Module& m) {
  constexpr const char* kName = "__circle_stack_limit_set";
  if (llvm::GlobalVariable* existing = m.getGlobalVariable(kName, true)) return existing;
  llvm::Type* i64 = llvm::Type::getInt64Ty(m.getContext());
  return new llvm::GlobalVariable(m, i64, /*isConstant=*/false, llvm::GlobalValue::LinkOnceODRLinkage,
                                  llvm::ConstantInt::get(i64, 0), kName);
}

// i32 wrapper(i64 bytes, <the launch function's parameters>): raise the limit if it
// is lower and not the program's own, then launch as the stub would have.
llvm::Function* makeWrapper(llvm::Module& m, llvm::Function* launch) {
  std::string name = "__circle_stack_" + launch->getName().str();
  if (llvm::Function* existing = m.getFunction(name)) return existing;
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  std::vector<llvm::Type*> params{i64};
  for (llvm::Type* p : launch->getFunctionType()->params()) params.push_back(p);
  auto* wrapper = llvm::Function::Create(llvm::FunctionType::get(launch->getReturnType(), params, false),
                                         llvm::GlobalValue::InternalLinkage, name, m);
  auto* entry = llvm::BasicBlock::Create(ctx, "entry", wrapper);
  auto* raise = llvm::BasicBlock::Create(ctx, "raise", wrapper);
  auto* go = llvm::BasicBlock::Create(ctx, "launch", wrapper);
  auto* check = llvm::BasicBlock::Create(ctx, "check", wrapper, raise);
  llvm::IRBuilder<> b(entry);
  llvm::Value* current = b.CreateAlloca(i64);
  // Within CUDA's default nothing is asked of the runtime (a bound known only at
  // link time may be 0).
  b.CreateCondBr(b.CreateICmpUGT(wrapper->getArg(0), llvm::ConstantInt::get(i64, kDefaultStack)), check, go);
  b.SetInsertPoint(check);
  llvm::FunctionCallee getLimit = m.getOrInsertFunction("cudaDeviceGetLimit", i32, b.getPtrTy(), i32);
  llvm::FunctionCallee setLimit = m.getOrInsertFunction("cudaDeviceSetLimit", i32, i32, i64);
  b.CreateStore(llvm::ConstantInt::get(i64, 0), current);
  b.CreateCall(getLimit, {current, b.getInt32(kCudaLimitStackSize)});
  llvm::Value* bytes = wrapper->getArg(0);
  llvm::GlobalVariable* circleSet = limitCircleSet(m);
  llvm::Value* limit = b.CreateLoad(i64, current);
  llvm::Value* ours = b.CreateOr(b.CreateICmpEQ(limit, llvm::ConstantInt::get(i64, kDefaultStack)),
                                 b.CreateICmpEQ(limit, b.CreateLoad(i64, circleSet)));
  b.CreateCondBr(b.CreateAnd(ours, b.CreateICmpULT(limit, bytes)), raise, go);
  b.SetInsertPoint(raise);
  llvm::Value* status = b.CreateCall(setLimit, {b.getInt32(kCudaLimitStackSize), bytes});
  auto* record = llvm::BasicBlock::Create(ctx, "record", wrapper, go);
  b.CreateCondBr(b.CreateICmpEQ(status, b.getInt32(0)), record, go);
  b.SetInsertPoint(record);
  b.CreateStore(bytes, circleSet);
  b.CreateBr(go);
  b.SetInsertPoint(go);
  std::vector<llvm::Value*> args;
  for (unsigned i = 1; i < wrapper->arg_size(); ++i) args.push_back(wrapper->getArg(i));
  llvm::Value* result = b.CreateCall(launch, args);
  if (launch->getReturnType()->isVoidTy()) b.CreateRetVoid();
  else b.CreateRet(result);
  return wrapper;
}

// Each launch in `stub` goes through the wrapper, with the bytes `bytes` makes there.
void wrapLaunches(llvm::Module& m, llvm::Function& stub,
                  const std::function<llvm::Value*(llvm::IRBuilder<>&)>& bytes) {
  std::vector<llvm::CallInst*> launches;
  for (llvm::Instruction& inst : llvm::instructions(stub))
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(&inst);
        call && call->getCalledFunction() &&
        (call->getCalledFunction()->getName() == "cudaLaunchKernel" ||
         call->getCalledFunction()->getName() == "__circle_checked_launch_kernel"))
      launches.push_back(call);
  for (llvm::CallInst* call : launches) {
    llvm::Function* wrapper = makeWrapper(m, call->getCalledFunction());
    llvm::IRBuilder<> b(call);
    std::vector<llvm::Value*> args{bytes(b)};
    for (llvm::Value* a : call->args()) args.push_back(a);
    auto* replacement = b.CreateCall(wrapper, args);
    call->replaceAllUsesWith(replacement);
    call->eraseFromParent();
  }
}

} // namespace

int raiseStackBeforeLaunches(llvm::Module& m, const std::map<std::string, unsigned long long>& bytes) {
  int wrapped = 0;
  std::map<std::string, llvm::Function*> stubs = stubsByDeviceName(m);
  for (const auto& [kernel, need] : bytes) {
    auto stub = stubs.find(kernel);
    if (need <= kDefaultStack || stub == stubs.end()) continue;
    wrapLaunches(m, *stub->second, [&](llvm::IRBuilder<>&) -> llvm::Value* {
      return llvm::ConstantInt::get(llvm::Type::getInt64Ty(m.getContext()), need);
    });
    ++wrapped;
  }
  return wrapped;
}

std::string linkedStackSymbol(const std::string& kernel) { return "__circle_stack_" + kernel; }

void raiseStackFromLinkedBounds(llvm::Module& m) {
  llvm::Type* i64 = llvm::Type::getInt64Ty(m.getContext());
  auto* none = new llvm::GlobalVariable(m, i64, /*isConstant=*/true, llvm::GlobalValue::PrivateLinkage,
                                        llvm::ConstantInt::get(i64, 0), "__circle_stack_none");
  for (const auto& [kernel, stub] : stubsByDeviceName(m)) {
    auto* bound = new llvm::GlobalVariable(m, i64, /*isConstant=*/true, llvm::GlobalValue::ExternalWeakLinkage,
                                           nullptr, linkedStackSymbol(kernel));
    wrapLaunches(m, *stub, [&](llvm::IRBuilder<>& b) -> llvm::Value* {
      llvm::Value* defined = b.CreateICmpNE(bound, llvm::ConstantPointerNull::get(b.getPtrTy()));
      return b.CreateLoad(i64, b.CreateSelect(defined, bound, none));
    });
  }
}

} // namespace circle
