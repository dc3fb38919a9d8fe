// Runs the external tools circle drives (ptxas, fatbinary, nvlink, the system linker
// driver). Each runs in a process group of its own, so that circle can stop it with
// everything it started when circle is interrupted or the tool hangs, and its output
// is kept for circle's message.
#pragma once
#include <string>
#include <vector>

namespace circle {

struct ToolResult {
  enum class Status {
    Exited,   // exitCode is the tool's exit status
    Crashed,  // killed by `signal` (not by circle)
    TimedOut, // ran past the limit and was stopped
    NotRun,   // could not be found or started; `output` says why
  };
  Status status = Status::NotRun;
  int exitCode = -1;
  int signal = 0;
  int timeoutSeconds = 0;
  std::string output; // stdout and stderr together

  bool ok() const { return status == Status::Exited && exitCode == 0; }
  // Why it did not succeed, naming the tool: "ptxas crashed (signal 11: Segmentation
  // fault)", "ptxas did not finish within 1800 s and was stopped", or its exit status.
  std::string failure(const std::string& tool) const;
};

// `program` is a path or a name looked up in PATH. With `verbose`, prints the command
// line. A tool that runs longer than CIRCLE_TOOL_TIMEOUT seconds (default 1800; 0:
// no limit) is stopped.
ToolResult runTool(const std::string& program, const std::vector<std::string>& args, bool verbose);

// Absolute path of `name` in PATH, or empty.
std::string findInPath(const std::string& name);

} // namespace circle
