#include "targets/tool_runner.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace circle {

std::string findInPath(const std::string& name) {
  auto p = llvm::sys::findProgramByName(name);
  return p ? *p : std::string();
}

ToolResult runTool(const std::string& program, const std::vector<std::string>& args, bool verbose) {
  ToolResult result;
  std::string exe = program.find('/') == std::string::npos ? findInPath(program) : program;
  if (exe.empty() || !llvm::sys::fs::can_execute(exe)) {
    result.output = "cannot find '" + program + "'";
    return result;
  }
  std::vector<llvm::StringRef> argv{exe};
  for (const auto& a : args) argv.push_back(a);
  if (verbose) {
    llvm::errs() << " \"" << exe << "\"";
    for (const auto& a : args) llvm::errs() << " \"" << a << "\"";
    llvm::errs() << "\n";
  }

  llvm::SmallString<128> log;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("circle-tool", "log", fd, log)) {
    result.output = "cannot create a temporary file for '" + program + "' output";
    return result;
  }
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(log), llvm::StringRef(log)};
  std::string err;
  result.exitCode = llvm::sys::ExecuteAndWait(exe, argv, std::nullopt, redirects, 0, 0, &err);
  if (auto buf = llvm::MemoryBuffer::getFile(log)) result.output = (*buf)->getBuffer().str();
  if (!err.empty()) result.output += err;
  llvm::sys::fs::remove(log);
  return result;
}

} // namespace circle
