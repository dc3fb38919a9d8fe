#include "targets/nvptx/nontrivial_params.h"

#include "targets/nvptx/device_link.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <set>

namespace circle {

int passNonTrivialRecordsByAddress(llvm::Module& m,
                                   const std::map<std::string, std::vector<bool>>& nonTrivialRecordParams) {
  // The IR types of such objects, from the functions the AST names.
  std::set<llvm::Type*> byAddress;
  for (llvm::Function& f : m) {
    auto it = nonTrivialRecordParams.find(f.getName().str());
    if (it == nonTrivialRecordParams.end() || isKernel(f)) continue;
    std::vector<llvm::Type*> byval;
    for (llvm::Argument& a : f.args())
      if (a.hasByValAttr()) byval.push_back(a.getParamByValType());
    if (byval.size() != it->second.size()) continue;
    for (size_t i = 0; i < byval.size(); ++i)
      if (it->second[i]) byAddress.insert(byval[i]);
  }
  if (byAddress.empty()) return 0;
  int changed = 0;
  for (llvm::Function& f : m) {
    for (unsigned i = 0; i < f.arg_size() && !isKernel(f); ++i)
      if (f.hasParamAttribute(i, llvm::Attribute::ByVal) && byAddress.count(f.getParamByValType(i))) {
        f.removeParamAttr(i, llvm::Attribute::ByVal);
        ++changed;
      }
    for (llvm::Instruction& inst : llvm::instructions(f)) {
      auto* call = llvm::dyn_cast<llvm::CallBase>(&inst);
      if (!call) continue;
      for (unsigned i = 0; i < call->arg_size(); ++i)
        if (call->paramHasAttr(i, llvm::Attribute::ByVal) && byAddress.count(call->getParamByValType(i))) {
          call->removeParamAttr(i, llvm::Attribute::ByVal);
          ++changed;
        }
    }
  }
  return changed;
}

} // namespace circle
