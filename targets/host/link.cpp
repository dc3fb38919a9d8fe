#include "targets/host/link.h"

#include "support/tool_runner.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace circle {

std::string linkExecutable(const LinkRequest& req) {
  // CIRCLE_LINKER overrides the driver (e.g. clang++); it must accept GCC-style flags.
  // Instrumented host code needs the runtimes of the Clang that compiled it.
  const char* env = std::getenv("CIRCLE_LINKER");
  std::string driver = env && *env           ? env
                       : req.clangRuntimes ? std::string(CIRCLE_LLVM_BIN_DIR) + "/clang++"
                                           : CIRCLE_DEFAULT_LINKER_DRIVER;
  std::vector<std::string> args = req.args;
  // -v shows the linker's own command line, as clang's -v does: build systems read the
  // implicit link directories from it (CMake's, for the toolkit's lib64 when c++ links).
  if (req.verbose && !req.dryRun) args.insert(args.begin(), "-v");
  if (!req.optionsOnly) args.insert(args.end(), {"-o", req.output});
  if (!req.cudaLibDir.empty() && req.cudart != CudaRuntimeLink::None) {
    // The static runtime (the default, as with nvcc): binaries carry no toolkit path
    // and need only the driver (libcuda.so) where they run. It needs libdl,
    // libpthread and librt.
    args.push_back("-L" + req.cudaLibDir);
    if (req.cudart == CudaRuntimeLink::Static) args.insert(args.end(), {"-lcudart_static", "-ldl", "-lpthread", "-lrt"});
    else args.push_back("-lcudart");
  }
  if (req.dryRun) {
    llvm::errs() << " \"" << driver << "\"";
    for (const std::string& a : args) llvm::errs() << " \"" << a << "\"";
    llvm::errs() << "\n";
    return {};
  }
  ToolResult r = runTool(driver, args, req.verbose);
  // What a successful link says (its warnings; `-Wl,--version`'s answer) is the user's.
  if (r.ok()) (req.optionsOnly ? llvm::outs() : llvm::errs()) << r.output;
  if (!r.ok())
    return r.status == ToolResult::Status::Exited && !r.output.empty()
               ? r.output
               : r.failure("the linker driver '" + driver + "'") + (r.output.empty() ? "" : ":\n" + r.output);
  return {};
}

} // namespace circle
