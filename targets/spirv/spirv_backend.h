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
// `error` set otherwise (`words` then holds what the backend wrote, if anything).
//
// The backend runs in a child process of its own. LLVM 22's SPIR-V backend keeps
// state across modules: its module analysis, a process-wide static, never forgets
// the SPIR-V id it gave each block of a machine function, keyed by that function's
// address, so a later module whose machine function reuses a freed one's address
// gets two values with one id (one compile of examples/transform.cxx in six or so).
// A child starts from the parent's state before any SPIR-V was emitted, and a
// backend crash there is a diagnostic, not a crashed compiler.
bool emitSpirv(llvm::Module& module, llvm::TargetMachine& tm, std::vector<uint32_t>& words, std::string& error);

} // namespace circle
