// LLVM's NVPTX backend: optimise a linked device module and print its PTX.
#pragma once
#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace circle {

// `fuseAcrossStatements`: nvcc's --fmad=true (multiply and add fused wherever they meet).
std::unique_ptr<llvm::TargetMachine> makeNvptxMachine(int sm, int ptxIsa, int optLevel, std::string& error,
                                                      bool fuseAcrossStatements = true);

// Runs the -OGn pipeline over `module` (in place).
void optimizeDeviceModule(llvm::Module& module, llvm::TargetMachine& tm, int optLevel);

// Returns false with `error` set if the backend could not lower the module.
bool emitPtx(llvm::Module& module, llvm::TargetMachine& tm, std::string& ptx, std::string& error);

} // namespace circle
