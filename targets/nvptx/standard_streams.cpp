#include "targets/nvptx/standard_streams.h"

#include "targets/nvptx/device_link.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace circle {

bool buildStandardStreamsOnEntry(llvm::Module& m) {
  bool named = false;
  for (const char* symbol : {"_ZSt4cout", "_ZSt4cerr", "_ZSt4clog", "_ZSt3cin"})
    if (llvm::GlobalVariable* gv = m.getNamedGlobal(symbol); gv && !gv->use_empty()) named = true;
  if (!named) return false;
  llvm::FunctionCallee build =
      m.getOrInsertFunction("__circle_standard_streams", llvm::Type::getVoidTy(m.getContext()));
  for (llvm::Function& f : m)
    if (isKernel(f) && !f.isDeclaration())
      llvm::IRBuilder<>(&*f.getEntryBlock().getFirstInsertionPt()).CreateCall(build);
  return true;
}

} // namespace circle
