// LLVM's pass pipelines and code generators, as every target drives them.
#pragma once
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/CodeGen.h"

#include <set>

namespace llvm {
class Function;
class Module;
class PassBuilder;
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace circle {

// Runs the passes `build` returns over `module`, with LLVM's analyses registered
// (and the backend's pipeline callbacks when `tm` is given).
void runModulePasses(llvm::Module& module, llvm::TargetMachine* tm,
                     llvm::function_ref<llvm::ModulePassManager(llvm::PassBuilder&)> build);

// Runs the function passes `build` adds over `functions` only (the rest of the module
// is optimised already), with LLVM's analyses and `tm`'s.
void runFunctionPasses(llvm::Module& module, llvm::TargetMachine& tm, const std::set<llvm::Function*>& functions,
                       llvm::function_ref<void(llvm::FunctionPassManager&)> build);

// `tm`'s code generator writes `module` to `out` as assembly or an object; false if
// the backend cannot write that kind of file.
bool emitWithBackend(llvm::Module& module, llvm::TargetMachine& tm, llvm::raw_pwrite_stream& out,
                     llvm::CodeGenFileType kind);

} // namespace circle
