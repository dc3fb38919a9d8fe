// Links the host objects into an executable or shared library through the system's
// linker driver.
#pragma once
#include <string>
#include <vector>

namespace circle {

enum class CudaRuntimeLink { Static, Shared, None };

struct LinkRequest {
  std::vector<std::string> args; // objects, libraries and link options, in command-line order
  std::string output;
  std::string cudaLibDir; // empty without CUDA
  CudaRuntimeLink cudart = CudaRuntimeLink::Static;
  bool clangRuntimes = false; // sanitizers, OpenMP, profiles: Clang's driver knows their libraries
  bool verbose = false;
  bool dryRun = false;        // -###: print the command only
  bool optionsOnly = false;   // no inputs (`circle -Wl,--version`): the driver's output is the answer
};

// Returns an empty string on success, else what the linker said.
std::string linkExecutable(const LinkRequest& req);

} // namespace circle
