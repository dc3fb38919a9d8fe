// try/catch in device code. Clang's CodeGen gives CUDA device code no landing pads
// (CodeGenFunction::getInvokeDestImpl returns none while LangOptions::CUDA and
// CUDAIsDevice are both set), so the device pass compiles a try block without its
// handlers. The functions of the user's files that say `try` and that a kernel
// reaches are generated a second time, with CUDA off for that one generation: Clang
// then emits invokes, landing pads and its handler dispatch for the same NVPTX
// target, and also for the class-inline functions they call. These "islands" replace
// the device module's copies (targets/nvptx/device_exceptions.h links and lowers them).
// CUDA mode gives device code what an island then lacks, so a function is not made an
// island when its body declares a __shared__ or __constant__ variable or launches a
// kernel; such functions keep the device pass's code (and a warning at their try).
#pragma once
#include "codegen/target_pass.h"

#include <vector>

namespace clang {
class FunctionDecl;
}

namespace circle {

// Whether `fd` can be generated with CUDA off (see above).
bool canBeExceptionIsland(const clang::FunctionDecl& fd);

// The islands' module for `roots`; null if CodeGen reported an error.
std::unique_ptr<llvm::Module> generateExceptionIslands(const TargetPassInput& in, const clang::TargetInfo& target,
                                                       const clang::CodeGenOptions& codeGenOpts,
                                                       llvm::LLVMContext& llvmContext, const std::string& moduleName,
                                                       const std::vector<const clang::FunctionDecl*>& roots);

} // namespace circle
