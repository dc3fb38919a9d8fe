// The SPIR-V code-generation pass: Clang's CodeGen over the one AST once more, with
// __is_spirv_target true, then one Vulkan compute shader per [[spirv::comp]] kernel
// (targets/spirv). CodeGen runs with CUDA's device semantics (and the NVPTX ABI
// description, whose 64-bit layouts are the host's): the shader reads the same
// structs and lambda closures the host writes, and __shared__, threadIdx and
// __syncthreads() mean in a shader what they mean in a kernel.
#pragma once
#include "targets/host/spirv_shaders.h"

#include <string>
#include <vector>

namespace clang {
class VarDecl;
}
namespace llvm {
class LLVMContext;
}

namespace circle {
class IfTargetPredicates;
struct TargetPassInput;

struct SpirvPassInput {
  const TargetPassInput& pass;
  IfTargetPredicates& predicates;
  const std::vector<clang::VarDecl*>& hostConstexprs;
  llvm::LLVMContext& llvm;
  std::string moduleName;
  int ptxIsa = 0;
  // Where --keep-temps leaves each shader as <kernel>.spv; empty to keep none.
  std::string keepDir;
  // Keep each lowered shader module in its CompiledShader (-gpu -emit-llvm).
  bool keepModules = false;
};

// False after reporting errors (at the kernels they concern).
bool runSpirvPass(const SpirvPassInput& in, std::vector<CompiledShader>& out);

} // namespace circle
