#include "frontend/command.h"

#include "frontend/backend_failures.h"
#include "frontend/compile.h"
#include "frontend/distcc_compile.h"
#include "frontend/gpu_arch_values.h"
#include "frontend/link_step.h"
#include "frontend/nvcc_identity.h"
#include "frontend/options.h"
#include "frontend/output_files.h"
#include "frontend/phase_report.h"
#include "frontend/temp_files.h"
#include "support/diagnostics.h"
#include "support/native_gpus.h"
#include "targets/nvptx/fatbin_reader.h"
#include "targets/nvptx/sm_targets.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <optional>

namespace circle {
namespace {

int listFatbin(const std::string& file) {
  std::vector<FatbinEntry> entries;
  std::string err = readFatbinEntries(file, entries);
  if (!err.empty()) {
    reportError(err);
    return 1;
  }
  llvm::outs() << formatFatbinListing(entries);
  return 0;
}

// -ftime-trace: the whole command's trace, in Chrome's JSON format, beside its output
// (or where -ftime-trace= says: a file, or a directory for it).
std::string timeTracePath(const Options& o) {
  std::string out = o.kind == OutputKind::Executable ? defaultOutputName(o, "")
                    : o.output.empty() || o.output == "-"
                        ? llvm::sys::path::stem(o.inputs.front().path).str()
                        : o.output;
  llvm::SmallString<256> path(out);
  llvm::sys::path::replace_extension(path, ".json");
  if (o.timeTrace->empty()) return path.str().str();
  if (!llvm::sys::fs::is_directory(*o.timeTrace)) return *o.timeTrace;
  llvm::SmallString<256> inDir(*o.timeTrace);
  llvm::sys::path::append(inDir, llvm::sys::path::filename(path));
  return inDir.str().str();
}

// nvcc's -time FILE: the phases' times appended to FILE as CSV (the column names first
// when FILE is new or empty), or written to standard output for '-'.
bool appendTimeTable(const Options& o, const PhaseReport& report) {
  std::string sources;
  for (const Input& in : o.inputs)
    if (in.source) sources += (sources.empty() ? "" : " ") + in.path;
  if (o.timeTable == "-") {
    report.printTable(llvm::outs(), sources, /*header=*/true);
    return true;
  }
  uint64_t size = 0;
  bool fresh = llvm::sys::fs::file_size(o.timeTable, size) || size == 0;
  std::error_code ec;
  llvm::raw_fd_ostream os(o.timeTable, ec, llvm::sys::fs::OF_Append | llvm::sys::fs::OF_Text);
  if (ec) {
    reportError("cannot write the -time table '" + o.timeTable + "': " + ec.message());
    return false;
  }
  report.printTable(os, sources, fresh);
  return true;
}

// The output a source's compile writes (not for an executable: the link's).
std::string sourceOutput(const Options& o, const Input& in) { return defaultOutputName(o, in.path); }

// Refuses, before anything is compiled, outputs that would replace an input or
// cannot be written (a directory); -gpu's per-shader names are checked when known.
bool checkOutputNames(const Options& o, PendingOutputs& outputs) {
  // nvcc's -time table is appended to, never put in place, but it too must not be an input.
  if (!o.timeTable.empty() && !outputs.check(o.timeTable)) return false;
  if (o.kind == OutputKind::Executable) return o.inputs.empty() || outputs.check(defaultOutputName(o, ""));
  if (o.kind == OutputKind::SyntaxOnly) return true;
  for (const Input& in : o.inputs) {
    if (!in.source) continue;
    std::string output = sourceOutput(o, in);
    if (!o.gpuOutput) {
      if (!outputs.check(output)) return false;
      continue;
    }
    for (int sm : o.smTargets)
      if (!outputs.check(deviceModuleOutputName(o, output, sm))) return false;
  }
  return true;
}

// nvcc's --run: the linked program runs with --run-args; its exit status is circle's.
int runExecutable(const Options& o, const std::string& executable) {
  if (executable.empty() || o.staticLibrary || o.deviceLinkOnly || o.dryRun) {
    reportError("--run needs an executable to run: compile and link a program (no -c, -lib or -dlink)");
    return 1;
  }
  std::string path = executable.find('/') == std::string::npos ? "./" + executable : executable;
  std::vector<llvm::StringRef> argv{path};
  for (const std::string& a : o.runArgs) argv.push_back(a);
  std::string why;
  int rc = llvm::sys::ExecuteAndWait(path, argv, std::nullopt, {}, 0, 0, &why);
  if (rc < 0) {
    reportError("--run: cannot run '" + path + "': " + why);
    return 1;
  }
  return rc;
}

// The toolkit's directory: --cuda-path, else $CUDA_PATH, $CUDA_HOME, then
// /usr/local/cuda; `from` says which.
std::string toolkitRoot(const Options& o, std::string& from) {
  if (o.cudaPath) {
    from = "--cuda-path";
    return *o.cudaPath;
  }
  if (const char* env = std::getenv("CUDA_PATH"); env && *env) {
    from = "$CUDA_PATH";
    return env;
  }
  if (const char* home = std::getenv("CUDA_HOME"); home && *home) {
    from = "$CUDA_HOME";
    return home;
  }
  from = "the default location";
  return "/usr/local/cuda";
}

std::optional<CudaToolkit> findToolkit(const Options& o) {
  std::string from;
  std::string root = toolkitRoot(o, from);
  std::string why;
  std::optional<CudaToolkit> tk = CudaToolkit::locate(root, why);
  if (!tk) {
    reportError("no usable CUDA toolkit at '" + root + "' (from " + from + "): " + why +
                (o.cudaPath ? "" : "; name one with --cuda-path=DIR or CUDA_PATH"));
    return std::nullopt;
  }
  // Clang's wording: CMake reads the toolkit's location from it.
  if (o.verbose)
    llvm::errs() << "Found CUDA installation: " << tk->root << ", version " << tk->versionMajor << "."
                 << tk->versionMinor << " (" << from << ")\n";
  return tk;
}

// nvcc's --list-gpu-arch / --list-gpu-code: what the toolkit's ptxas accepts.
int listGpus(const Options& o) {
  std::optional<CudaToolkit> tk = findToolkit(o);
  if (!tk) return 1;
  for (int sm : tk->ptxasArchs) // nvcc's lists leave the arch-specific ones out
    if (!smArchSpecific(sm)) llvm::outs() << (o.listGpu == GpuListing::Virtual ? "compute_" : "sm_") << sm << "\n";
  return 0;
}

// nvcc's -lib: the compiled objects, and the objects given, in one static library.
bool writeStaticLibrary(const Options& o, const std::vector<std::string>& objects, const std::string& output) {
  std::vector<llvm::NewArchiveMember> members;
  std::deque<std::string> names; // the members' names point into it
  for (size_t i = 0; i < objects.size(); ++i) {
    const Input& in = o.inputs[i];
    if (!in.source && !llvm::StringRef(in.path).ends_with(".o")) {
      reportNote("'" + in.path + "': not an object file: not archived");
      continue;
    }
    auto member = llvm::NewArchiveMember::getFile(objects[i], /*Deterministic=*/true);
    if (!member) {
      reportError("cannot read '" + objects[i] + "': " + llvm::toString(member.takeError()));
      return false;
    }
    // Named as nvcc names them: the source's stem, .o.
    member->MemberName = names.emplace_back(in.source ? llvm::sys::path::stem(in.path).str() + ".o"
                                                      : llvm::sys::path::filename(in.path).str());
    members.push_back(std::move(*member));
  }
  if (llvm::Error e = llvm::writeArchive(output, members, llvm::SymtabWritingMode::NormalSymtab,
                                         llvm::object::Archive::K_GNU, /*Deterministic=*/true, /*Thin=*/false)) {
    reportError("cannot write the library '" + defaultOutputName(o, "") + "': " + llvm::toString(std::move(e)));
    return false;
  }
  return true;
}

} // namespace

std::string toolkitVersionLine(const Options& o) {
  std::string from, why;
  std::optional<CudaToolkit> tk = CudaToolkit::locate(toolkitRoot(o, from), why);
  if (!tk) return "";
  std::string v = std::to_string(tk->versionMajor) + "." + std::to_string(tk->versionMinor);
  return nvccVersionBanner() + "Cuda compilation tools, release " + v + ", V" + v + "." + std::to_string(tk->versionBuild) + "\n";
}

int runCommand(const Options& opts) {
  if (opts.listFatbin) return listFatbin(*opts.listFatbin);
  if (opts.listGpu != GpuListing::None) return listGpus(opts);
  // nvcc --run PROGRAM runs a program already linked (Meson's sanity check, which
  // quotes the name inside the word as nvcc's own tokenizer expects).
  if (opts.run && opts.inputs.size() == 1 && !opts.inputs[0].source) {
    std::string path = opts.inputs[0].path;
    if (path.size() > 1 && path.front() == '"' && path.back() == '"') path = path.substr(1, path.size() - 2);
    if (llvm::sys::fs::can_execute(path) && !llvm::sys::fs::is_directory(path)) return runExecutable(opts, path);
  }
  Options o = opts;
  // nvcc's -v starts with its profile's lines, whatever follows (CMake runs
  // `nvcc -v __cmake_determine_cuda` for them alone).
  if (o.verbose) {
    std::string from, why;
    if (std::optional<CudaToolkit> found = CudaToolkit::locate(toolkitRoot(o, from), why))
      llvm::errs() << nvccEnvironmentLines(*found);
  }

  // Looked up once, when first needed: by CUDA sources, or by a link of objects with
  // kernels (linkProgram asks).
  std::optional<CudaToolkit> tk;
  bool lookedUp = false;
  auto toolkit = [&]() -> const CudaToolkit* {
    if (!lookedUp) tk = findToolkit(o);
    lookedUp = true;
    return tk ? &*tk : nullptr;
  };
  if (o.cuda) {
    if (!toolkit()) return 1;
    if (o.archKeyword == "native") {
      // As nvcc: this machine's GPUs, or nvcc's default architecture with a warning.
      std::string why;
      std::vector<int> sms = nativeGpuSms(why);
      if (sms.empty()) reportWarning("no GPU to build for with native (" + why + "): compiling for sm_75, as nvcc does");
      for (int sm : sms.empty() ? std::vector<int>{75} : sms) o.smTargets.push_back(sm);
      sortUnique(o.smTargets);
    } else if (!o.archKeyword.empty()) {
      o.smTargets = expandArchKeyword(o.archKeyword, tk->ptxasArchs);
    }
    // Arch-specific ones first: -arch=sm_999a also asks for sm_999, which the user did not spell.
    std::vector<int> checked = o.smTargets;
    std::stable_partition(checked.begin(), checked.end(), smArchSpecific);
    for (int sm : checked) {
      std::string err = checkSmSupported(*tk, sm);
      if (!err.empty()) {
        reportError(err);
        return 1;
      }
    }
    if (o.verbose && o.defaultSm) reportNote("no GPU architecture named: compiling for sm_75, as nvcc does");
  }
  const CudaToolkit* sourceToolkit = o.cuda ? &*tk : nullptr; // C++ sources compile as CUDA only then

  if (o.timeTrace) llvm::timeTraceProfilerInitialize(500, "circle");
  PhaseReport report;
  TempDir temps(o.keepTemps, o.keepDir);
  if (!temps.ok()) return 1;
  if (o.keepTemps) reportNote("intermediate files kept in '" + temps.path() + "'");
  PendingOutputs outputs(temps.path());
  for (const Input& in : o.inputs) outputs.protect(in.path);
  if (!checkOutputNames(o, outputs)) return 1;
  BackendFailureGuard failures(temps, outputs);
  bool ok = true;
  std::string executable; // what --run runs
  if (o.kind != OutputKind::Executable) {
    std::string text; // -E / -M to one output
    std::optional<std::string> distcc =
        o.kind == OutputKind::Object && !writesDeviceCodeOnly(o) ? distccClient() : std::nullopt;
    for (const Input& in : o.inputs) {
      if (!in.source || !ok) continue;
      if (distcc && sourceToolkit && !in.hostOnly && in.language != Language::C && !in.preprocessed && in.path != "-")
        ok = compileThroughDistcc(*distcc, o, sourceToolkit, in, sourceOutput(o, in), temps, outputs, report);
      else
        ok = compileSource(o, sourceToolkit, in, sourceOutput(o, in), temps, outputs, report, text);
    }
    if (ok && (o.kind == OutputKind::Preprocessed || (o.kind == OutputKind::Dependencies && o.deps.file.empty())))
      ok = writeOutputFile(outputs.add(o.output.empty() ? "-" : o.output), text);
  } else {
    // Each source becomes an object in the scratch directory; the link takes them
    // in their places among the objects, libraries and link options.
    std::vector<std::string> objects(o.inputs.size());
    for (size_t i = 0; ok && i < o.inputs.size(); ++i) {
      const Input& in = o.inputs[i];
      if (!in.source) {
        if (!llvm::sys::fs::exists(in.path)) {
          reportError("no such file: '" + in.path + "'");
          ok = false;
        }
        objects[i] = in.path;
        continue;
      }
      objects[i] = temps.file(std::to_string(i) + "." + llvm::sys::path::stem(in.path).str() + ".o");
      std::string unused;
      ok = compileSource(o, sourceToolkit, in, objects[i], temps, outputs, report, unused);
    }
    if (ok) {
      PhaseReport::Scope t(report, "link");
      BackendPhase phase("linking");
      std::string name = defaultOutputName(o, "");
      bool writesNothing = o.dryRun || o.inputs.empty(); // -###, or options alone
      std::string output = writesNothing ? name : outputs.add(name);
      // An output that cannot be written (its directory is missing) was said already.
      if (o.staticLibrary) ok = !output.empty() && (writesNothing || writeStaticLibrary(o, objects, output));
      else if (o.deviceLinkOnly) ok = !output.empty() && deviceLinkObjects(o, toolkit, objects, output, temps);
      else ok = !output.empty() && linkProgram(o, toolkit, objects, name, output, temps);
      executable = name;
    }
  }
  if (o.timeTrace) {
    if (ok && !o.dryRun) {
      llvm::SmallString<0> json;
      llvm::raw_svector_ostream os(json);
      llvm::timeTraceProfilerWrite(os);
      ok = writeOutputFile(outputs.add(timeTracePath(o)), json);
    }
    llvm::timeTraceProfilerCleanup();
  }
  ok = ok && outputs.commit();
  if (!ok)
    if (std::string trouble = temps.trouble(); !trouble.empty()) reportNote(trouble + "; this may be why the compile failed");
  if (o.timeReport) report.print();
  if (ok && !o.timeTable.empty() && !o.dryRun) ok = appendTimeTable(o, report);
  if (!ok) return 1;
  if (o.run) return runExecutable(o, executable);
  return 0;
}

} // namespace circle
