#include "targets/host/kernel_stubs.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

namespace circle {

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

} // namespace circle
