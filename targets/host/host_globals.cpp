#include "targets/host/host_globals.h"

#include "targets/host/kernel_stubs.h"
#include "targets/nvptx/host_globals.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

namespace circle {

std::string hostGlobalsRuntimePath(const std::string& deviceRuntime) {
  return (llvm::sys::path::parent_path(deviceRuntime) + llvm::sys::path::get_separator() + "host_globals.bc").str();
}

std::string attachHostGlobals(llvm::Module& m, const std::map<std::string, uint64_t>& bytes, const std::string& runtime) {
  if (bytes.empty()) return {};
  llvm::Function* registration = registrationFunction(m);
  if (!registration) return "host variables in kernels: the host module registers no kernels (a circle bug)";
  llvm::LLVMContext& ctx = m.getContext();
  auto* ptr = llvm::PointerType::getUnqual(ctx);
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::Instruction* registering = registration->back().getTerminator();
  auto* entryTy = llvm::StructType::get(ctx, {ptr, ptr, i64});
  std::vector<llvm::Constant*> entries;
  for (const auto& [symbol, size] : bytes) {
    llvm::GlobalVariable* variable = m.getGlobalVariable(symbol, /*AllowInternal=*/true);
    if (!variable) // only its address is needed
      variable = new llvm::GlobalVariable(m, llvm::ArrayType::get(llvm::Type::getInt8Ty(ctx), size), false,
                                          llvm::GlobalValue::ExternalLinkage, nullptr, symbol);
    llvm::GlobalVariable* shadow = registerDevicePointer(m, registering, registration->getArg(0),
                                                         hostGlobalSlotName(symbol), "__circle_host_slot");
    entries.push_back(llvm::ConstantStruct::get(entryTy, {shadow, variable, llvm::ConstantInt::get(i64, size)}));
  }
  auto* tableTy = llvm::ArrayType::get(entryTy, entries.size());
  auto* table = new llvm::GlobalVariable(m, tableTy, true, llvm::GlobalValue::InternalLinkage,
                                         llvm::ConstantArray::get(tableTy, entries), "__circle_host_globals");
  auto* attached = new llvm::GlobalVariable(m, i64, false, llvm::GlobalValue::InternalLinkage,
                                            llvm::ConstantInt::get(i64, 0), "__circle_host_globals_attached");
  llvm::FunctionCallee attach = m.getOrInsertFunction("__circle_host_globals_attach", llvm::Type::getVoidTy(ctx), ptr,
                                                      i32, ptr);
  for (llvm::Instruction* site : launchSites(m))
    llvm::IRBuilder<>(site).CreateCall(attach, {table, llvm::ConstantInt::get(i32, entries.size()), attached});
  return linkHostRuntime(m, runtime, "circle's host-variable runtime");
}

} // namespace circle
