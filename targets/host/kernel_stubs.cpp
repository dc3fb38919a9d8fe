#include "targets/host/kernel_stubs.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

#include <set>

namespace circle {
namespace {

bool isLaunch(const llvm::CallBase& call) {
  const llvm::Function* f = call.getCalledFunction();
  if (!f) return false;
  llvm::StringRef name = f->getName();
  return name == "cudaLaunchKernel" || name == "cudaLaunchKernelExC" || name == "cudaLaunchCooperativeKernel";
}

} // namespace

std::map<std::string, llvm::Function*> stubsByDeviceName(llvm::Module& m) {
  std::map<std::string, llvm::Function*> stubs;
  llvm::Function* registration = m.getFunction("__cudaRegisterFunction");
  if (!registration) return stubs;
  for (llvm::User* u : registration->users()) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(u);
    if (!call || call->arg_size() < 3) continue;
    auto* stub = llvm::dyn_cast<llvm::Function>(call->getArgOperand(1)->stripPointerCasts());
    auto* name = llvm::dyn_cast<llvm::GlobalVariable>(call->getArgOperand(2)->stripPointerCasts());
    auto* text = name && name->hasInitializer() ? llvm::dyn_cast<llvm::ConstantDataArray>(name->getInitializer()) : nullptr;
    if (stub && text && text->isCString()) stubs[text->getAsCString().str()] = stub;
  }
  return stubs;
}

llvm::Function* registrationFunction(llvm::Module& m) {
  llvm::Function* registerFunction = m.getFunction("__cudaRegisterFunction");
  if (!registerFunction) return nullptr;
  for (llvm::User* u : registerFunction->users())
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getFunction()->arg_size() == 1)
      return call->getFunction();
  return nullptr;
}

llvm::GlobalVariable* registerDevicePointer(llvm::Module& m, llvm::Instruction* at, llvm::Value* handle,
                                            const std::string& deviceName, const std::string& prefix) {
  llvm::LLVMContext& ctx = m.getContext();
  auto* ptr = llvm::PointerType::getUnqual(ctx);
  auto* shadow = new llvm::GlobalVariable(m, ptr, false, llvm::GlobalValue::InternalLinkage,
                                          llvm::ConstantPointerNull::get(ptr), prefix + "_shadow");
  shadow->setAlignment(llvm::Align(8));
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::FunctionCallee registerVar = m.getOrInsertFunction(
      "__cudaRegisterVar",
      llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, ptr, ptr, ptr, i32, i64, i32, i32}, false));
  llvm::IRBuilder<> b(at);
  llvm::Value* name = b.CreateGlobalString(deviceName, prefix + "_name");
  b.CreateCall(registerVar, {handle, shadow, name, name, b.getInt32(0), b.getInt64(8), b.getInt32(0), b.getInt32(0)});
  return shadow;
}

std::vector<llvm::Instruction*> launchSites(llvm::Module& m) {
  std::vector<llvm::Instruction*> sites;
  std::set<const llvm::Function*> stubs;
  for (const auto& [kernel, stub] : stubsByDeviceName(m)) {
    stubs.insert(stub);
    sites.push_back(&*stub->getEntryBlock().getFirstInsertionPt());
  }
  // circle's own launch wrappers (checked_launch.h, stack_limits.h) run inside stubs.
  for (llvm::Function& f : m) {
    if (stubs.count(&f) || f.getName().starts_with("__circle_")) continue;
    for (llvm::Instruction& inst : llvm::instructions(f))
      if (auto* c = llvm::dyn_cast<llvm::CallBase>(&inst); c && isLaunch(*c)) sites.push_back(c);
  }
  return sites;
}

int passLongDoubleArgumentsAsDouble(llvm::Module& m) {
  int converted = 0;
  for (const auto& [kernel, stub] : stubsByDeviceName(m)) {
    std::vector<llvm::StoreInst*> stores;
    for (llvm::Instruction& inst : llvm::instructions(*stub))
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst);
          store && store->getValueOperand()->getType()->isX86_FP80Ty() &&
          llvm::isa<llvm::Argument>(store->getValueOperand()) && llvm::isa<llvm::AllocaInst>(store->getPointerOperand()))
        stores.push_back(store);
    for (llvm::StoreInst* store : stores) {
      llvm::IRBuilder<> b(store->getNextNode());
      llvm::Value* asDouble = b.CreateFPTrunc(store->getValueOperand(), b.getDoubleTy());
      b.CreateStore(asDouble, store->getPointerOperand());
      ++converted;
    }
  }
  return converted;
}

std::string linkHostRuntime(llvm::Module& m, const std::string& path, const std::string& what) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return "cannot read " + what + " '" + path + "'";
  auto runtime = llvm::parseBitcodeFile((*buf)->getMemBufferRef(), m.getContext());
  if (!runtime) return "cannot parse " + what + " '" + path + "': " + llvm::toString(runtime.takeError());
  if (llvm::NamedMDNode* flags = (*runtime)->getModuleFlagsMetadata()) flags->eraseFromParent();
  (*runtime)->setDataLayout(m.getDataLayout());
  (*runtime)->setTargetTriple(m.getTargetTriple());
  for (llvm::GlobalValue& gv : (*runtime)->global_values()) {
    if (gv.isDeclaration() || gv.hasLocalLinkage()) continue;
    gv.setLinkage(llvm::GlobalValue::LinkOnceODRLinkage);
    gv.setVisibility(llvm::GlobalValue::HiddenVisibility);
  }
  if (llvm::Linker::linkModules(m, std::move(*runtime), llvm::Linker::LinkOnlyNeeded))
    return "linking " + what + " failed";
  return {};
}

} // namespace circle
