#include "targets/nvptx/launch_bounds.h"

#include "targets/nvptx/device_link.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>

namespace circle {
namespace {

struct Intrinsic {
  const char* name;
  const char* attribute; // what the NVPTX backend reads
};
constexpr Intrinsic kIntrinsics[] = {{"__nvvm_maxntidx", "nvvm.maxntid"}, {"__nvvm_minctasm", "nvvm.minctasm"}};

} // namespace

std::vector<LaunchBoundsError> lowerLaunchBounds(llvm::Module& m) {
  std::vector<LaunchBoundsError> errors;
  // Which kernels reach each function: a bound set in a helper (a lambda passed to
  // nvvm_archs::for_each, say) belongs to the kernels that call it.
  std::map<llvm::Function*, std::vector<llvm::Function*>> kernelsReaching;
  for (llvm::Function& k : m)
    if (isKernel(k) && !k.isDeclaration())
      for (llvm::Function* f : functionsReachedFrom(k)) kernelsReaching[f].push_back(&k);

  for (const Intrinsic& intrinsic : kIntrinsics) {
    llvm::Function* decl = m.getFunction(intrinsic.name);
    if (!decl) continue;
    std::vector<llvm::CallInst*> calls;
    for (llvm::User* u : decl->users())
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getCalledFunction() == decl)
        calls.push_back(call);
    for (llvm::CallInst* call : calls) {
      llvm::Function* caller = call->getFunction();
      auto* value = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0));
      // Code no kernel reaches is not generated for the device; neither are its bounds.
      const std::vector<llvm::Function*>& kernels = kernelsReaching[caller];
      if (!value && !kernels.empty()) {
        errors.push_back({kernels.front()->getName().str(), std::string(intrinsic.name) + " needs a constant argument"});
      } else if (value && value->isNegative() && !kernels.empty()) {
        errors.push_back({kernels.front()->getName().str(),
                          std::string(intrinsic.name) + "(" + llvm::itostr(value->getSExtValue()) +
                              ") needs a positive bound (0: none)"});
      } else if (value && !value->isZero()) { // 0 asks for no bound, as in __launch_bounds__(n, 0)
        std::string bound = llvm::utostr(value->getZExtValue());
        for (llvm::Function* k : kernels) {
          llvm::Attribute old = k->getFnAttribute(intrinsic.attribute);
          if (old.isValid() && old.getValueAsString() != bound)
            errors.push_back({k->getName().str(), std::string(intrinsic.name) + "(" + bound +
                                                      ") contradicts the earlier bound " +
                                                      old.getValueAsString().str()});
          else
            k->addFnAttr(intrinsic.attribute, bound);
        }
      }
      call->eraseFromParent();
    }
    if (decl->use_empty()) decl->eraseFromParent();
  }
  return errors;
}

} // namespace circle
