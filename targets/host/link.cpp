#include "targets/host/link.h"

#include "support/tool_runner.h"

#include <cstdlib>

namespace circle {

std::string linkExecutable(const LinkRequest& req) {
  // CIRCLE_LINKER overrides the driver (e.g. clang++); it must accept GCC-style flags.
  const char* env = std::getenv("CIRCLE_LINKER");
  std::string driver = env && *env ? env : CIRCLE_DEFAULT_LINKER_DRIVER;
  std::vector<std::string> args = req.inputs;
  args.insert(args.end(), {"-o", req.output});
  for (const auto& d : req.libDirs) args.push_back("-L" + d);
  for (const auto& l : req.libs) args.push_back("-l" + l);
  if (!req.cudaLibDir.empty()) {
    // The static runtime: binaries carry no toolkit path and need only the driver
    // (libcuda.so) where they run. It needs libdl, libpthread and librt.
    args.push_back("-L" + req.cudaLibDir);
    args.insert(args.end(), {"-lcudart_static", "-ldl", "-lpthread", "-lrt"});
  }
  ToolResult r = runTool(driver, args, req.verbose);
  if (!r.ok())
    return r.status == ToolResult::Status::Exited && !r.output.empty()
               ? r.output
               : r.failure("the linker driver '" + driver + "'") + (r.output.empty() ? "" : ":\n" + r.output);
  return {};
}

} // namespace circle
