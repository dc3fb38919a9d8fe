// LLVM's NVPTX backend: optimise a linked device module and print its PTX.
#pragma once
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <string>

namespace llvm {
class Module;
class PassBuilder;
class TargetMachine;
} // namespace llvm

namespace circle {

std::unique_ptr<llvm::TargetMachine> makeNvptxMachine(int sm, int ptxIsa, int optLevel, std::string& error);

// Runs the passes `build` returns over `module`, with LLVM's analyses registered
// (and the NVPTX backend's pipeline callbacks when `tm` is given).
void runModulePasses(llvm::Module& module, llvm::TargetMachine* tm,
                     llvm::function_ref<llvm::ModulePassManager(llvm::PassBuilder&)> build);

// Runs the -OGn pipeline over `module` (in place).
void optimizeDeviceModule(llvm::Module& module, llvm::TargetMachine& tm, int optLevel);

// Returns false with `error` set if the backend could not lower the module.
bool emitPtx(llvm::Module& module, llvm::TargetMachine& tm, std::string& ptx, std::string& error);

} // namespace circle
