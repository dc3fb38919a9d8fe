// One code-generation pass: Clang's CodeGen over the already-built AST, for one target.
#pragma once
#include <memory>
#include <string>

namespace clang {
class ASTContext;
class CodeGenOptions;
class CompilerInstance;
class TargetInfo;
} // namespace clang
namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace circle {
class ConsumerEventLog;
class KernelVariants;
class LeftOutFunctions;
class WalkTape;

struct TargetPassInput {
  clang::CompilerInstance& compiler;
  clang::ASTContext& ast;
  const ConsumerEventLog& events;
  const WalkTape& tape; // of `ast` (sema/walk_tape.h)
  // A library compiled for the device (--device-library) has no kernels to reach its
  // explicit instantiations: they are generated anyway (explicit_instantiations.h).
  bool explicitInstantiationsAreRoots = false;
  // What the pass does not hand CodeGen (codegen/left_out_functions.h); null: nothing.
  LeftOutFunctions* leaveOut = nullptr;
  // Kernels instantiated again for some sms (codegen/kernel_variants.h), and the sm of
  // a device pass (0: the host's or SPIR-V's).
  const KernelVariants* variants = nullptr;
  int sm = 0;
};

// Returns null if CodeGen reported an error (already printed through Clang's diagnostics).
// Where the module names a function `in.leaveOut` left out, the pass generates again
// with nothing left out, and `in.leaveOut` hands everything over from then on.
std::unique_ptr<llvm::Module> runTargetPass(const TargetPassInput& in, const clang::TargetInfo& target,
                                            bool deviceSide, const clang::CodeGenOptions& codeGenOpts,
                                            llvm::LLVMContext& llvmContext, const std::string& moduleName);

} // namespace circle
