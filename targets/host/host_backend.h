// The host target: Clang's own backend pipeline, so host code is optimised and
// lowered exactly as clang++ would do it.
#pragma once
#include <string>

namespace clang {
class CompilerInstance;
}
namespace llvm {
class Module;
}

namespace circle {

enum class HostEmit { Object, Assembly, LLVMText, LLVMBitcode };

// Writes `module` to `path`. Returns false if the file could not be written or the
// backend reported an error (printed through Clang's diagnostics).
bool emitHostModule(clang::CompilerInstance& ci, llvm::Module& module, HostEmit what, const std::string& path);

} // namespace circle
