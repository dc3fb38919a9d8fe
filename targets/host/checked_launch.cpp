#include "targets/host/checked_launch.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace circle {

int routeStubLaunchesThroughCheck(llvm::Module& m) {
  llvm::Function* checked = m.getFunction("__circle_checked_launch_kernel");
  llvm::Function* launch = m.getFunction("cudaLaunchKernel");
  if (!checked || checked->isDeclaration() || !launch ||
      checked->getFunctionType() != launch->getFunctionType())
    return 0;
  std::vector<llvm::CallInst*> calls;
  for (llvm::User* u : launch->users())
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(u))
      if (call->getCalledFunction() == launch && call->getFunction()->getName().contains("__device_stub__"))
        calls.push_back(call);
  for (llvm::CallInst* call : calls) call->setCalledFunction(checked);
  return static_cast<int>(calls.size());
}

} // namespace circle
