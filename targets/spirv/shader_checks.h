// What a Vulkan compute shader cannot do, found in the lowered module and named in
// the user's terms: recursion, calls through pointers (virtual functions), functions
// with no SPIR-V definition (printf, malloc, new, exceptions), CUDA features with no
// SPIR-V form (warp shuffles and votes, dynamic shared memory), and pointers whose
// kind of memory (buffer, local, __shared__) is not known.
#pragma once
#include "targets/spirv/shader_entry.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Instruction;
class Module;
class StringRef;
} // namespace llvm

namespace circle {

void checkShader(llvm::Module& m, llvm::Function& main, std::vector<ShaderProblem>& problems);

// Where `i` came from in the source, through the calls inlined into the shader.
std::vector<SourcePoint> sourcePoints(const llvm::Instruction* i);

// A symbol as the user wrote it.
std::string demangledName(llvm::StringRef symbol);

} // namespace circle
