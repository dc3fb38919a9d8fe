#include "targets/nvptx/host_globals.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

#include <algorithm>

namespace circle {

std::string hostGlobalSlotName(const std::string& symbol) { return "__circle_host_slot_" + symbol; }

std::vector<std::string> routeHostGlobalsThroughSlots(llvm::Module& m,
                                                      const std::function<bool(const llvm::GlobalVariable&)>& isHostVariable) {
  std::vector<llvm::GlobalVariable*> chosen;
  for (llvm::GlobalVariable& gv : m.globals())
    if (gv.isDeclaration() && gv.getAddressSpace() != 3 && !gv.getName().starts_with("llvm.") && isHostVariable(gv))
      chosen.push_back(&gv);
  std::vector<std::string> symbols;
  llvm::LLVMContext& ctx = m.getContext();
  llvm::PointerType* generic = llvm::PointerType::get(ctx, 0);
  for (llvm::GlobalVariable* gv : chosen) {
    // Global memory, externally initialised: the optimiser must not assume the null
    // it starts as.
    auto* slot = new llvm::GlobalVariable(m, generic, false, llvm::GlobalValue::ExternalLinkage,
                                          llvm::ConstantPointerNull::get(generic),
                                          hostGlobalSlotName(gv->getName().str()), nullptr,
                                          llvm::GlobalValue::NotThreadLocal, 1, /*isExternallyInitialized=*/true);
    slot->setAlignment(llvm::Align(8));
    llvm::convertUsersOfConstantsToInstructions({gv});
    std::vector<llvm::Use*> uses;
    for (llvm::Use& u : gv->uses())
      if (llvm::isa<llvm::Instruction>(u.getUser())) uses.push_back(&u);
    for (llvm::Use* u : uses) {
      auto* inst = llvm::cast<llvm::Instruction>(u->getUser());
      llvm::Instruction* at = inst;
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(inst)) at = phi->getIncomingBlock(*u)->getTerminator();
      llvm::IRBuilder<> b(at);
      auto* address = b.CreateLoad(generic, slot, gv->getName() + ".host");
      // The slot's value never changes while a kernel runs.
      address->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(ctx, {}));
      u->set(b.CreateAddrSpaceCast(address, gv->getType()));
    }
    symbols.push_back(gv->getName().str());
    if (gv->use_empty()) gv->eraseFromParent();
  }
  std::sort(symbols.begin(), symbols.end());
  return symbols;
}

} // namespace circle
