#include "targets/host/host_io.h"

#include "libdevice-c/host_io/protocol.h"
#include "targets/host/kernel_stubs.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <vector>

namespace circle {
namespace {

using circle_host_io::kChannelSymbol;

constexpr const char* kLinkedAttach = "__circle_host_io_linked_attach"; // the -rdc link defines it

// What the launches call: __circle_host_io_attach with the module's channel variable
// and its per-GPU bits.
llvm::FunctionCallee attachFunction(llvm::Module& m) {
  llvm::LLVMContext& ctx = m.getContext();
  auto* ptr = llvm::PointerType::getUnqual(ctx);
  return m.getOrInsertFunction("__circle_host_io_attach", llvm::Type::getVoidTy(ctx), ptr, ptr);
}

llvm::GlobalVariable* attachedBits(llvm::Module& m) {
  llvm::Type* i64 = llvm::Type::getInt64Ty(m.getContext());
  return new llvm::GlobalVariable(m, i64, false, llvm::GlobalValue::InternalLinkage, llvm::ConstantInt::get(i64, 0),
                                  "__circle_host_io_attached");
}

} // namespace

std::string hostIoServerPath(const std::string& deviceRuntime) {
  return (llvm::sys::path::parent_path(deviceRuntime) + llvm::sys::path::get_separator() + "host_io.bc").str();
}

std::string attachHostIo(llvm::Module& m, const std::string& serverBitcode) {
  llvm::Function* registration = registrationFunction(m);
  if (!registration) return "device stdio: the host module registers no kernels (a circle bug)";
  llvm::GlobalVariable* shadow = registerDevicePointer(m, registration->back().getTerminator(), registration->getArg(0),
                                                              kChannelSymbol, "__circle_host_io");
  llvm::GlobalVariable* attached = attachedBits(m);
  llvm::FunctionCallee attach = attachFunction(m);
  // A kernel launched only from another source or through a graph gets no channel
  // here: its stdio falls back (libdevice-c/runtime/stdio.cpp).
  for (llvm::Instruction* site : launchSites(m)) llvm::IRBuilder<>(site).CreateCall(attach, {shadow, attached});
  return linkHostRuntime(m, serverBitcode, "circle's host stdio server");
}

void attachLinkedHostIo(llvm::Module& m) {
  std::vector<llvm::Instruction*> sites = launchSites(m);
  if (sites.empty()) return;
  llvm::LLVMContext& ctx = m.getContext();
  auto* attachTy = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false);
  llvm::Function* linked = m.getFunction(kLinkedAttach);
  if (!linked) linked = llvm::Function::Create(attachTy, llvm::GlobalValue::ExternalWeakLinkage, kLinkedAttach, m);
  // One internal function tests the weak reference, so each launch adds one call.
  auto* maybe = llvm::Function::Create(attachTy, llvm::GlobalValue::InternalLinkage, "__circle_host_io_maybe_attach", m);
  auto* entry = llvm::BasicBlock::Create(ctx, "entry", maybe);
  auto* attach = llvm::BasicBlock::Create(ctx, "attach", maybe);
  auto* done = llvm::BasicBlock::Create(ctx, "done", maybe);
  llvm::IRBuilder<> b(entry);
  b.CreateCondBr(b.CreateICmpNE(linked, llvm::ConstantPointerNull::get(b.getPtrTy())), attach, done);
  b.SetInsertPoint(attach);
  b.CreateCall(attachTy, linked);
  b.CreateBr(done);
  b.SetInsertPoint(done);
  b.CreateRetVoid();
  for (llvm::Instruction* site : sites) llvm::IRBuilder<>(site).CreateCall(maybe);
}

std::string defineLinkedHostIo(llvm::Module& m, llvm::Instruction* at, llvm::Value* handle,
                               const std::string& serverBitcode) {
  llvm::GlobalVariable* shadow = registerDevicePointer(m, at, handle, kChannelSymbol, "__circle_host_io");
  llvm::GlobalVariable* attached = attachedBits(m);
  llvm::LLVMContext& ctx = m.getContext();
  auto* linked = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false),
                                        llvm::GlobalValue::ExternalLinkage, kLinkedAttach, m);
  linked->setVisibility(llvm::GlobalValue::HiddenVisibility);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", linked));
  b.CreateCall(attachFunction(m), {shadow, attached});
  b.CreateRetVoid();
  return linkHostRuntime(m, serverBitcode, "circle's host stdio server");
}

} // namespace circle
