#include "frontend/distcc_compile.h"

#include "frontend/compile.h"
#include "frontend/device_runtime_path.h"
#include "frontend/options.h"
#include "frontend/output_files.h"
#include "frontend/temp_files.h"
#include "support/diagnostics.h"
#include "support/tool_runner.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace circle {

std::optional<std::string> distccClient() {
  const char* client = std::getenv("CIRCLE_DISTCC");
  if (!client || !*client) return std::nullopt;
  return std::string(client);
}

bool compileThroughDistcc(const std::string& client, const Options& o, const CudaToolkit* tk, const Input& in,
                          const std::string& object, TempDir& temps, PendingOutputs& outputs, PhaseReport& report) {
  Options pre = o;
  pre.kind = OutputKind::Preprocessed;
  std::string text;
  // The dependency file names the object, as the compile's would.
  if (!compileSource(pre, tk, in, object, temps, outputs, report, text)) return false;
  std::string unit = temps.file(llvm::sys::path::stem(in.path).str() + ".ii");
  if (!writeOutputFile(unit, text)) return false;

  std::string self = circleExecutable();
  std::vector<std::string> args{self};
  args.insert(args.end(), o.argsForPreprocessed.begin(), o.argsForPreprocessed.end());
  // A .ii is CUDA when GPU targets are named: nvcc's default one, spelled out.
  if (o.defaultSm) args.push_back("-arch=sm_75");
  std::string pending = outputs.add(object);
  if (pending.empty()) return false; // reported
  args.insert(args.end(), {"-c", unit, "-o", pending});
  ToolResult r = runTool(client, args, o.verbose);
  if (r.status == ToolResult::Status::NotRun) {
    reportError("CIRCLE_DISTCC names '" + client + "', which cannot be run: " + r.output);
    return false;
  }
  llvm::errs() << r.output; // the remote compile's diagnostics, and the client's
  if (!r.ok()) {
    if (r.status != ToolResult::Status::Exited) reportError(r.failure("the distributed compiler '" + client + "'"));
    return false;
  }
  return true;
}

} // namespace circle
