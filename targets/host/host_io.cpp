#include "targets/host/host_io.h"

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

constexpr const char* kChannel = "__circle_host_io_channel"; // libdevice-c/runtime/stdio.cpp

// The function Clang's registration gives each kernel and variable to, and its
// module handle (its first parameter).
llvm::Function* registrationFunction(llvm::Module& m) {
  llvm::Function* registerFunction = m.getFunction("__cudaRegisterFunction");
  if (!registerFunction) return nullptr;
  for (llvm::User* u : registerFunction->users())
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getFunction()->arg_size() == 1)
      return call->getFunction();
  return nullptr;
}

// The host's copy of the channel variable, registered with the module.
llvm::GlobalVariable* registerChannel(llvm::Module& m, llvm::Function& registration) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::getUnqual(ctx);
  auto* shadow = new llvm::GlobalVariable(m, ptr, false, llvm::GlobalValue::InternalLinkage,
                                          llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(ctx)),
                                          "__circle_host_io_shadow");
  shadow->setAlignment(llvm::Align(8));
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::FunctionCallee registerVar = m.getOrInsertFunction(
      "__cudaRegisterVar", llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, ptr, ptr, ptr, i32, i64, i32, i32}, false));
  llvm::IRBuilder<> b(registration.back().getTerminator());
  llvm::Value* name = b.CreateGlobalString(kChannel, "__circle_host_io_name");
  b.CreateCall(registerVar, {registration.getArg(0), shadow, name, name, b.getInt32(0), b.getInt64(8), b.getInt32(0),
                             b.getInt32(0)});
  return shadow;
}

bool isLaunch(const llvm::CallBase& call) {
  const llvm::Function* f = call.getCalledFunction();
  if (!f) return false;
  llvm::StringRef name = f->getName();
  return name == "cudaLaunchKernel" || name == "cudaLaunchKernelExC" || name == "cudaLaunchCooperativeKernel";
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

bool deviceModuleUsesHostIo(const llvm::Module& device) { return device.getNamedGlobal(kChannel) != nullptr; }

std::string hostIoServerPath(const std::string& deviceRuntime) {
  return (llvm::sys::path::parent_path(deviceRuntime) + llvm::sys::path::get_separator() + "host_io.bc").str();
}

std::string attachHostIo(llvm::Module& m, const std::string& serverBitcode) {
  llvm::Function* registration = registrationFunction(m);
  if (!registration) return "device stdio: the host module registers no kernels (a circle bug)";
  llvm::LLVMContext& ctx = m.getContext();
  llvm::GlobalVariable* shadow = registerChannel(m, *registration);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  auto* attached = new llvm::GlobalVariable(m, i64, false, llvm::GlobalValue::InternalLinkage,
                                            llvm::ConstantInt::get(i64, 0), "__circle_host_io_attached");
  llvm::Type* ptr = llvm::PointerType::getUnqual(ctx);
  llvm::FunctionCallee attach =
      m.getOrInsertFunction("__circle_host_io_attach", llvm::Type::getVoidTy(ctx), ptr, ptr);
  // Each stub on entry, and the launches the source makes itself with the runtime's
  // functions (a kernel launched from another source, or through a graph, gets no
  // channel: its stdio falls back, libdevice-c/runtime/stdio.cpp).
  // circle's own launch wrappers (checked_launch.h, stack_limits.h) run inside stubs.
  std::vector<llvm::Instruction*> sites;
  std::set<const llvm::Function*> stubs;
  for (const auto& [kernel, stub] : stubsByDeviceName(m)) {
    stubs.insert(stub);
    sites.push_back(&*stub->getEntryBlock().getFirstInsertionPt());
  }
  for (llvm::Function& f : m) {
    if (stubs.count(&f) || f.getName().starts_with("__circle_")) continue;
    for (llvm::Instruction& inst : llvm::instructions(f))
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&inst); call && isLaunch(*call)) sites.push_back(call);
  }
  for (llvm::Instruction* site : sites) llvm::IRBuilder<>(site).CreateCall(attach, {shadow, attached});
  return linkServer(m, serverBitcode);
}

} // namespace circle
