#include "targets/host/managed_vars.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

#include <vector>

namespace circle {
namespace {

// void __circle_managed_init(): loads the module once, so the runtime has filled in
// every managed variable's pointer.
llvm::Function* makeInitFunction(llvm::Module& m, llvm::GlobalVariable& handle) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::getUnqual(ctx);
  auto* done = new llvm::GlobalVariable(m, llvm::Type::getInt1Ty(ctx), false, llvm::GlobalValue::InternalLinkage,
                                        llvm::ConstantInt::getFalse(ctx), "__circle_managed_loaded");
  llvm::FunctionCallee initModule =
      m.getOrInsertFunction("__cudaInitModule", llvm::FunctionType::get(llvm::Type::getInt8Ty(ctx), {ptr}, false));
  auto* fn = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false),
                                    llvm::GlobalValue::InternalLinkage, "__circle_managed_init", m);
  auto* entry = llvm::BasicBlock::Create(ctx, "entry", fn);
  auto* load = llvm::BasicBlock::Create(ctx, "load", fn);
  auto* exit = llvm::BasicBlock::Create(ctx, "exit", fn);
  llvm::IRBuilder<> b(entry);
  b.CreateCondBr(b.CreateLoad(b.getInt1Ty(), done), exit, load);
  b.SetInsertPoint(load);
  b.CreateCall(initModule, {b.CreateLoad(ptr, &handle)});
  b.CreateStore(b.getTrue(), done);
  b.CreateBr(exit);
  b.SetInsertPoint(exit);
  b.CreateRetVoid();
  return fn;
}

// A constant that ends up only in llvm.used / llvm.global.annotations and the like,
// in the list by which -fgpu-rdc keeps the device variables host code uses linked in,
// or nowhere (a dead constant).
bool onlyInMetadata(const llvm::User* u) {
  if (auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(u))
    return gv->getSection() == "llvm.metadata" || gv->getName() == "__clang_gpu_used_external";
  if (!llvm::isa<llvm::Constant>(u)) return false;
  for (const llvm::User* next : u->users())
    if (!onlyInMetadata(next)) return false;
  return true;
}

// -rdc: the handle the link's start-up code passes to this object's register-globals
// function (the first argument of its __cudaRegisterLinkedBinary_<id> call), kept.
llvm::GlobalVariable* keepLinkedHandle(llvm::Module& m) {
  for (llvm::Function& f : m) {
    if (!f.getName().starts_with("__cudaRegisterLinkedBinary")) continue;
    for (llvm::User* u : f.users()) {
      auto* call = llvm::dyn_cast<llvm::CallInst>(u);
      auto* registerGlobals = call ? llvm::dyn_cast<llvm::Function>(call->getArgOperand(0)) : nullptr;
      if (!registerGlobals || registerGlobals->isDeclaration()) continue;
      llvm::Type* ptr = llvm::PointerType::getUnqual(m.getContext());
      auto* handle = new llvm::GlobalVariable(m, ptr, false, llvm::GlobalValue::InternalLinkage,
                                             llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(m.getContext())),
                                             "__circle_linked_handle");
      llvm::IRBuilder<> b(&*registerGlobals->getEntryBlock().getFirstInsertionPt());
      b.CreateStore(registerGlobals->getArg(0), handle);
      return handle;
    }
  }
  return nullptr;
}

} // namespace

std::string redirectManagedVariables(llvm::Module& m, const std::set<std::string>& managedSymbols, bool linked) {
  if (managedSymbols.empty()) return {}; // nothing to redirect: no handle kept either
  llvm::GlobalVariable* handle =
      linked ? keepLinkedHandle(m) : m.getGlobalVariable("__cuda_gpubin_handle", /*AllowInternal=*/true);
  llvm::Function* registerVar = m.getFunction("__cudaRegisterVar");
  if (!handle || (!registerVar && !linked)) return {};
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::getUnqual(ctx);
  llvm::Function* init = nullptr;

  for (const std::string& name : managedSymbols) {
    llvm::GlobalVariable* shadow = m.getGlobalVariable(name, /*AllowInternal=*/true);
    if (!shadow) continue;
    // Defined here, or (-rdc, extern __managed__) in the object that defines the variable.
    auto* null = llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(ctx));
    auto* address = new llvm::GlobalVariable(
        m, ptr, false, linked ? llvm::GlobalValue::ExternalLinkage : llvm::GlobalValue::InternalLinkage,
        linked && shadow->isDeclaration() ? nullptr : null, name + ".managed_ptr");
    llvm::convertUsersOfConstantsToInstructions({shadow});
    std::vector<llvm::Use*> uses;
    for (llvm::Use& u : shadow->uses()) uses.push_back(&u);
    for (llvm::Use* u : uses) {
      auto* inst = llvm::dyn_cast<llvm::Instruction>(u->getUser());
      if (!inst) {
        if (onlyInMetadata(u->getUser())) continue;
        return name;
      }
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(inst); call && registerVar && call->getCalledFunction() == registerVar) {
        std::vector<llvm::Value*> args(call->arg_begin(), call->arg_end());
        args[1] = address;
        llvm::FunctionCallee registerManaged =
            m.getOrInsertFunction("__cudaRegisterManagedVar", registerVar->getFunctionType());
        llvm::CallInst::Create(registerManaged, args, "", call->getIterator());
        call->eraseFromParent();
        continue;
      }
      if (!init) init = makeInitFunction(m, *handle);
      llvm::Instruction* at = inst;
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(inst)) at = phi->getIncomingBlock(*u)->getTerminator();
      llvm::IRBuilder<> b(at);
      b.CreateCall(init);
      u->set(b.CreateLoad(ptr, address, name + ".managed"));
    }
  }
  return {};
}

} // namespace circle
