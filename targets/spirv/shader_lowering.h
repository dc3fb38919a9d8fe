// Turns the SPIR-V pass's module (Clang's CUDA device code for the one AST: 64-bit
// pointers, NVPTX address spaces and intrinsics) into one Vulkan compute shader per
// entry point, ready for LLVM's SPIR-V backend:
//   - `main` reads the kernel's parameters from push constants and calls it; every
//     function is inlined into it (a shader has no stack: recursion is an error);
//   - memory the host hands over is reached by address (buffer device addresses):
//     such pointers live in address space 1, which the backend writes as
//     CrossWorkgroup and spirv_binary.cpp turns into PhysicalStorageBuffer; __shared__
//     stays Workgroup; locals stay Function; constant tables become Private;
//   - CUDA's built-in variables, barriers and libdevice math become SPIR-V's.
#pragma once
#include "targets/spirv/shader_entry.h"

#include <memory>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace circle {

// Null when the entry point reaches something SPIR-V cannot express (in `problems`).
std::unique_ptr<llvm::Module> lowerShader(const llvm::Module& device, const ShaderEntry& entry,
                                          llvm::TargetMachine& tm, std::vector<ShaderProblem>& problems);

} // namespace circle
