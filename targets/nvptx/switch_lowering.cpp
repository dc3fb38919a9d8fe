#include "targets/nvptx/switch_lowering.h"

#include "llvm/IR/Module.h"

namespace circle {

void lowerSwitchesWithoutTables(llvm::Module& m) {
  // The attribute -fno-jump-tables sets: instruction selection and SimplifyCFG's
  // switch-to-table conversion both read it.
  for (llvm::Function& f : m)
    if (!f.isDeclaration()) f.addFnAttr("no-jump-tables", "true");
}

} // namespace circle
