// Edits and checks of finished SPIR-V binaries (words, as the backend writes them).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace circle {

// LLVM's Vulkan target has no address space for PhysicalStorageBuffer; circle's shaders
// keep buffer device addresses in the CrossWorkgroup space (kernel memory, which Vulkan
// shaders cannot have otherwise) and this turns them into PhysicalStorageBuffer pointers
// under the PhysicalStorageBuffer64 addressing model. It also gives workgroup barriers
// the memory semantics Vulkan needs to order __shared__ memory (acquire-release on
// workgroup memory; the backend writes none), and gives access chains a constant 0
// where the backend wrote an integer OpConstantNull. Returns an error, or empty.
std::string finishForVulkan(std::vector<uint32_t>& words);

// SPIRV-Tools' validator for Vulkan 1.3: its messages, or empty if the module is valid.
std::string validateForVulkan(const std::vector<uint32_t>& words);

// The module as spirv-dis writes it (friendly names, indented), for -gpu -S.
std::string disassembleSpirv(const std::vector<uint32_t>& words);

} // namespace circle
