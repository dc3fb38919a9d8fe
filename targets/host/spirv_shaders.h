// Puts the compiled compute shaders into the host module: each SPIR-V module in the
// section .circle_spirv, and one row per entry point in the section
// circle_spirv_entries (the table circle/vulkan.hpp reads through the linker's
// __start_/__stop_ symbols). A row names the kernel by its host handle, the address
// CUDA launches use too.
#pragma once
#include "targets/spirv/shader_entry.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang
namespace llvm {
class Module;
}

namespace circle {

struct CompiledShader {
  const clang::FunctionDecl* kernel;
  ShaderEntry entry;
  std::vector<uint32_t> words;
  // The lowered shader module, kept only for -gpu -emit-llvm.
  std::unique_ptr<llvm::Module> module;
};

void embedSpirvShaders(llvm::Module& host, clang::ASTContext& ast, const std::vector<CompiledShader>& shaders);

} // namespace circle
