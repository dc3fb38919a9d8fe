#include "targets/host/host_io.h"

#include "libdevice-c/host_io/protocol.h"
#include "targets/host/kernel_stubs.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>
#include <vector>

namespace circle {
namespace {

using circle_host_io::kChannelSymbol;

constexpr const char* kLinkedAttach = "__circle_host_io_linked_attach"; // the -rdc link defines it

// Registers the channel variable with `handle` before `at`; returns the host's copy,
// which the server writes through (cudaMemcpyToSymbol).
llvm::GlobalVariable* registerChannel(llvm::Module& m, llvm::Instruction* at, llvm::Value* handle) {
  llvm::LLVMContext& ctx = m.getContext();
  auto* ptr = llvm::PointerType::getUnqual(ctx);
  auto* shadow = new llvm::GlobalVariable(m, ptr, false, llvm::GlobalValue::InternalLinkage,
                                          llvm::ConstantPointerNull::get(ptr), "__circle_host_io_shadow");
  shadow->setAlignment(llvm::Align(8));
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::FunctionCallee registerVar = m.getOrInsertFunction(
      "__cudaRegisterVar",
      llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, ptr, ptr, ptr, i32, i64, i32, i32}, false));
  llvm::IRBuilder<> b(at);
  llvm::Value* name = b.CreateGlobalString(kChannelSymbol, "__circle_host_io_name");
  b.CreateCall(registerVar, {handle, shadow, name, name, b.getInt32(0), b.getInt64(8), b.getInt32(0), b.getInt32(0)});
  return shadow;
}

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

bool isLaunch(const llvm::CallBase& call) {
  const llvm::Function* f = call.getCalledFunction();
  if (!f) return false;
  llvm::StringRef name = f->getName();
  return name == "cudaLaunchKernel" || name == "cudaLaunchKernelExC" || name == "cudaLaunchCooperativeKernel";
}

// Where a launch begins: each stub's entry, and each launch the source makes itself
// with the runtime's functions. A kernel launched only from another source or through
// a graph gets no channel there: its stdio falls back (libdevice-c/runtime/stdio.cpp).
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

// The server, its definitions made the program's one copy (linkonce_odr, hidden):
// every object that uses device stdio carries it.
std::string linkServer(llvm::Module& m, const std::string& path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return "cannot read circle's host stdio server '" + path + "'";
  auto server = llvm::parseBitcodeFile((*buf)->getMemBufferRef(), m.getContext());
  if (!server) return "cannot parse circle's host stdio server '" + path + "': " + llvm::toString(server.takeError());
  if (llvm::NamedMDNode* flags = (*server)->getModuleFlagsMetadata()) flags->eraseFromParent();
  (*server)->setDataLayout(m.getDataLayout());
  (*server)->setTargetTriple(m.getTargetTriple());
  for (llvm::GlobalValue& gv : (*server)->global_values()) {
    if (gv.isDeclaration() || gv.hasLocalLinkage()) continue;
    gv.setLinkage(llvm::GlobalValue::LinkOnceODRLinkage);
    gv.setVisibility(llvm::GlobalValue::HiddenVisibility);
  }
  if (llvm::Linker::linkModules(m, std::move(*server), llvm::Linker::LinkOnlyNeeded))
    return "linking circle's host stdio server failed";
  return {};
}

} // namespace

std::string hostIoServerPath(const std::string& deviceRuntime) {
  return (llvm::sys::path::parent_path(deviceRuntime) + llvm::sys::path::get_separator() + "host_io.bc").str();
}

std::string attachHostIo(llvm::Module& m, const std::string& serverBitcode) {
  llvm::Function* registration = registrationFunction(m);
  if (!registration) return "device stdio: the host module registers no kernels (a circle bug)";
  llvm::GlobalVariable* shadow = registerChannel(m, registration->back().getTerminator(), registration->getArg(0));
  llvm::GlobalVariable* attached = attachedBits(m);
  llvm::FunctionCallee attach = attachFunction(m);
  for (llvm::Instruction* site : launchSites(m)) llvm::IRBuilder<>(site).CreateCall(attach, {shadow, attached});
  return linkServer(m, serverBitcode);
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
  llvm::GlobalVariable* shadow = registerChannel(m, at, handle);
  llvm::GlobalVariable* attached = attachedBits(m);
  llvm::LLVMContext& ctx = m.getContext();
  auto* linked = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false),
                                        llvm::GlobalValue::ExternalLinkage, kLinkedAttach, m);
  linked->setVisibility(llvm::GlobalValue::HiddenVisibility);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", linked));
  b.CreateCall(attachFunction(m), {shadow, attached});
  b.CreateRetVoid();
  return linkServer(m, serverBitcode);
}

} // namespace circle
