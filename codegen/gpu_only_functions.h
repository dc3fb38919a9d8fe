// Untagged functions that reach GPU-only constructs are left out of the host pass
// (sema/untagged_functions.h). Clang's deferred diagnostics catch host code that
// calls one; what they do not see (a global's initializer, a table of function
// pointers) would be an undefined symbol at the link: said here, at the function.
#pragma once
#include <vector>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class FunctionDecl;
} // namespace clang

namespace llvm {
class Module;
}

namespace circle {

class WalkTape;

// Returns false (with an error per function) if the host module refers to one.
bool checkGpuOnlyFunctionsUnused(clang::ASTContext& ast, clang::DiagnosticsEngine& diags,
                                 const std::vector<clang::FunctionDecl*>& gpuOnly, const llvm::Module& host);

// Host code that calls a GPU built-in or an explicitly __device__ function the host
// has no body for, where Clang's CUDA checks do not look (a namespace-scope
// initializer, a lambda run there): an error at the global or function, not an
// instruction selection failure or an undefined symbol. False after an error.
bool checkHostCallsNoGpuFunctions(const WalkTape& tape, clang::DiagnosticsEngine& diags, const llvm::Module& host);

} // namespace circle
