#include "targets/nvptx/device_link.h"

#include "targets/nvptx/ptx_backend.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Passes/PassBuilder.h"

#include <map>
#include <set>

namespace circle {
namespace {

// Symbols ptxas resolves itself: the PTX system calls.
bool isPtxSystemCall(llvm::StringRef name) {
  return name == "vprintf" || name == "malloc" || name == "free" || name == "__assertfail";
}

// Kept visible: kernels (the runtime looks them up by name) and device variables
// (registered with __cudaRegisterVar, read by cudaMemcpyToSymbol).
bool mustStayExternal(const llvm::GlobalValue& gv, const std::set<std::string>& dropKernels) {
  if (auto* f = llvm::dyn_cast<llvm::Function>(&gv)) return isKernel(*f) && !dropKernels.count(f->getName().str());
  if (auto* v = llvm::dyn_cast<llvm::GlobalVariable>(&gv))
    return !v->isDeclaration() && v->getAddressSpace() != 3 /* shared: per block, not a symbol */ &&
           !v->hasLocalLinkage() && !v->getName().starts_with("llvm.");
  return false;
}

void internalizeAndDrop(llvm::Module& m, const std::set<std::string>& dropKernels) {
  runModulePasses(m, nullptr, [&](llvm::PassBuilder&) {
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::InternalizePass(
        [&](const llvm::GlobalValue& gv) { return mustStayExternal(gv, dropKernels); }));
    mpm.addPass(llvm::GlobalDCEPass());
    return mpm;
  });
}

} // namespace

std::vector<llvm::Function*> functionsReachedFrom(llvm::Function& root) {
  llvm::SetVector<llvm::Function*> work;
  work.insert(&root);
  for (size_t i = 0; i < work.size(); ++i) {
    llvm::Function* f = work[i];
    if (f->isDeclaration()) continue;
    for (llvm::Instruction& inst : llvm::instructions(*f))
      for (llvm::Value* op : inst.operands())
        if (auto* callee = llvm::dyn_cast<llvm::Function>(op->stripPointerCasts())) work.insert(callee);
  }
  return {work.begin(), work.end()};
}

std::vector<ReachedFunction> functionsReachedFromKernels(llvm::Module& m) {
  std::map<std::string, std::string> found; // callee -> first kernel reaching it
  for (llvm::Function& k : m) {
    if (!isKernel(k) || k.isDeclaration()) continue;
    for (llvm::Function* f : functionsReachedFrom(k))
      if (f != &k) found.emplace(f->getName().str(), k.getName().str());
  }
  std::vector<ReachedFunction> reached;
  for (const auto& [callee, kernel] : found) reached.push_back({callee, kernel});
  return reached;
}

std::vector<ReachedFunction> findMissingDeviceFunctions(llvm::Module& m) {
  std::vector<ReachedFunction> missing;
  for (ReachedFunction& r : functionsReachedFromKernels(m)) {
    llvm::Function* f = m.getFunction(r.callee);
    if (f && f->isDeclaration() && !f->isIntrinsic() && !isPtxSystemCall(f->getName())) missing.push_back(r);
  }
  return missing;
}

bool isKernel(const llvm::Function& f) { return f.getCallingConv() == llvm::CallingConv::PTX_Kernel; }

std::string linkDeviceModule(llvm::Module& module, const std::string& libdevicePath,
                             const std::set<std::string>& dropKernels) {
  internalizeAndDrop(module, dropKernels);

  auto buf = llvm::MemoryBuffer::getFile(libdevicePath);
  if (!buf) return "cannot read libdevice '" + libdevicePath + "'";
  auto lib = llvm::parseBitcodeFile((*buf)->getMemBufferRef(), module.getContext());
  if (!lib) return "cannot parse libdevice '" + libdevicePath + "': " + llvm::toString(lib.takeError());
  (*lib)->setDataLayout(module.getDataLayout());
  (*lib)->setTargetTriple(module.getTargetTriple());
  if (llvm::Linker::linkModules(module, std::move(*lib), llvm::Linker::LinkOnlyNeeded))
    return "linking libdevice failed";
  internalizeAndDrop(module, dropKernels);
  return {};
}

} // namespace circle
