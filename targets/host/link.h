// Links the host objects into an executable through the system's linker driver.
#pragma once
#include <string>
#include <vector>

namespace circle {

struct LinkRequest {
  std::vector<std::string> inputs; // objects and libraries, in command-line order
  std::string output;
  std::vector<std::string> libDirs, libs;
  std::string cudaLibDir; // empty without CUDA; else libcudart_static is linked implicitly
  bool verbose = false;
};

// Returns an empty string on success, else what the linker said.
std::string linkExecutable(const LinkRequest& req);

} // namespace circle
