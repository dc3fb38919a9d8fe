// The codegen objects (__is_host_target, __nvvm_current_device_sm, __nvvm_arch...)
// are declared by the prelude without a value. For the length of one
// code-generation pass they become constexpr with that target's value, so CodeGen
// folds `if target(...)` and reads of them to constants; afterwards they are
// value-less again.
#pragma once

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang
namespace llvm {
class Module;
}

namespace circle {

struct TargetValues {
  bool host = false;
  bool spirv = false;
  int sm = 0;                   // __nvvm_current_device_sm: sm_90a's is 90; 0 off the GPU
  int arch = 0;                 // __nvvm_arch: the target itself (support/gpu_arch.h); 0 off the GPU
  unsigned long long mask = 1;  // the sm's nvvm_bits_t bit; 1 off the GPU
};

TargetValues hostTargetValues();
TargetValues nvptxTargetValues(int sm);
TargetValues spirvTargetValues();

class CodegenObjectScope {
public:
  CodegenObjectScope(clang::ASTContext& ast, const TargetValues& values);
  ~CodegenObjectScope();
  CodegenObjectScope(const CodegenObjectScope&) = delete;
  CodegenObjectScope& operator=(const CodegenObjectScope&) = delete;

private:
  void give(const char* name, unsigned long long value);
  clang::ASTContext& ast_;
  clang::VarDecl* given_[6] = {};
  int count_ = 0;
};

// A pass that reads a codegen object defines it in its module; every object file
// has its own (the values differ per target), so the definitions are local. One that
// nothing reads is dropped: CodeGen defines the prelude's objects when the parse hands
// it their declarations and not when they come from the preamble PCH, and the same
// compile must give the same bytes with or without the cache.
void internalizeCodegenObjects(llvm::Module& module);

} // namespace circle
