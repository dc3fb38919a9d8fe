// Runs the external tools circle drives (ptxas, fatbinary, the system linker driver).
#pragma once
#include <string>
#include <vector>

namespace circle {

struct ToolResult {
  int exitCode = -1;
  std::string output; // stdout and stderr together
};

// `program` is a path or a name looked up in PATH. With `verbose`, prints the command line.
ToolResult runTool(const std::string& program, const std::vector<std::string>& args, bool verbose);

// Absolute path of `name` in PATH, or empty.
std::string findInPath(const std::string& name);

} // namespace circle
