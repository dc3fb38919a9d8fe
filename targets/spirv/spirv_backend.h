// LLVM's SPIR-V backend for Vulkan compute (spirv1.6-unknown-vulkan1.3-compute).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace circle {

std::unique_ptr<llvm::TargetMachine> makeSpirvMachine(std::string& error);

// The module's SPIR-V, finished for Vulkan (spirv_binary.h) and validated; false with
// `error` set otherwise.
bool emitSpirv(llvm::Module& module, llvm::TargetMachine& tm, std::vector<uint32_t>& words, std::string& error);

} // namespace circle
