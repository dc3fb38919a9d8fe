#include "frontend/link_step.h"

#include "frontend/device_runtime_path.h"
#include "frontend/options.h"
#include "frontend/ptxas_options.h"
#include "frontend/temp_files.h"
#include "support/diagnostics.h"
#include "targets/host/link.h"
#include "targets/host/host_io.h"
#include "targets/host/linked_registration.h"
#include "targets/nvptx/rdc_device_link.h"
#include "targets/nvptx/sm_targets.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace circle {

namespace {

// The device code of the -rdc objects among `objects`, linked into one fat binary,
// and the object that registers it, written at `registration` (nothing when no
// object has relocatable device code: `linked` says which). `tk` is the toolkit when
// CUDA is on or an object has kernels.
bool linkDeviceCode(const Options& o, const std::function<const CudaToolkit*()>& toolkit,
                    const std::vector<std::string>& objects, TempDir& temps, const std::string& registration,
                    bool& linked, const CudaToolkit*& tk) {
  linked = false;
  std::vector<RelocatableObject> relocatable;
  std::vector<std::string> registrations, wrappers;
  bool kernels = false;
  for (const std::string& in : objects) {
    if (o.dryRun && !llvm::sys::fs::exists(in)) continue; // -###: a source's object is never made
    // Objects and static libraries may hold device code; shared libraries go to the
    // host linker as they are.
    llvm::StringRef ext = llvm::sys::path::extension(in);
    std::vector<RelocatableObject> found;
    std::string err;
    if (ext == ".o") err = readRelocatableObject(in, found.emplace_back());
    else if (ext == ".a") err = readRelocatableArchive(in, found);
    if (!err.empty()) {
      reportError(err);
      return false;
    }
    for (RelocatableObject& obj : found) {
      kernels |= obj.registersWithCudaRuntime || !obj.registrations.empty();
      if (obj.registrations.empty() || o.dryRun) continue; // -### links no device code
      if (obj.modules.empty()) {
        reportError("'" + obj.path + "' was compiled with relocatable device code by another compiler; circle "
                    "links the device code of objects it compiled with -rdc");
        return false;
      }
      registrations.insert(registrations.end(), obj.registrations.begin(), obj.registrations.end());
      wrappers.insert(wrappers.end(), obj.wrappers.begin(), obj.wrappers.end());
      relocatable.push_back(std::move(obj));
    }
  }

  tk = nullptr;
  if (o.cuda || kernels) {
    tk = toolkit();
    if (!tk) return false;
  }
  if (relocatable.empty()) return true;
  RdcDeviceLink link;
  link.toolkit = tk;
  link.sms = o.smTargets;
  if (link.sms.empty())
    for (const DeviceBitcode& bc : relocatable.front().modules) link.sms.push_back(bc.sm);
  link.objects = std::move(relocatable);
  link.runtimePath = deviceRuntimePath();
  link.optLevel = o.deviceOpt;
  link.ptxas = ptxasOptions(o);
  link.fatbinArgs = o.fatbinArgs;
  link.math = o.math;
  link.autoStack = o.gpuAutoStack;
  link.threads = o.threads;
  link.nvlinkArgs = o.nvlinkArgs;
  link.scratchDir = temps.path();
  LinkedDevice device;
  if (std::string err = linkRelocatableDevice(link, device); !err.empty()) {
    reportError(err);
    return false;
  }
  auto fatbin = llvm::MemoryBuffer::getFile(device.fatbinPath);
  if (!fatbin) {
    reportError("cannot read '" + device.fatbinPath + "'");
    return false;
  }
  if (std::string err = writeLinkedRegistration(
          {(*fatbin)->getBuffer().str(), registrations, wrappers, device.stackBytes,
           device.usesHostIo ? hostIoServerPath(link.runtimePath) : std::string()},
          registration);
      !err.empty()) {
    reportError(err);
    return false;
  }
  linked = true;
  return true;
}

// nvcc's users link GCC's OpenMP runtime by hand (`-Xcompiler -fopenmp -lgomp`). With
// -fopenmp Clang's driver links LLVM's libomp, which also carries libgomp's entry
// points: linking both would give the program two runtimes, each with its own threads
// (omp_get_thread_num() from the other one says 0). libomp alone serves both.
void linkOneOpenMPRuntime(std::vector<std::string>& args) {
  bool libomp = std::any_of(args.begin(), args.end(), [](const std::string& a) {
    return a == "-fopenmp" || a == "-fopenmp=libomp" || a == "-fopenmp=libiomp5";
  });
  if (!libomp) return;
  for (size_t i = 0; i < args.size();) {
    if (args[i] == "-lgomp") args.erase(args.begin() + i);
    else if (args[i] == "-l" && i + 1 < args.size() && args[i + 1] == "gomp") args.erase(args.begin() + i, args.begin() + i + 2);
    else ++i;
  }
}

} // namespace

bool deviceLinkObjects(const Options& o, const std::function<const CudaToolkit*()>& toolkit,
                       const std::vector<std::string>& objects, const std::string& output, TempDir& temps) {
  bool linked = false;
  const CudaToolkit* tk = nullptr;
  if (!linkDeviceCode(o, toolkit, objects, temps, output, linked, tk)) return false;
  if (linked || o.dryRun) return true;
  // No relocatable device code: an object that registers nothing, as nvcc's.
  if (std::string err = writeLinkedRegistration({}, output); !err.empty()) {
    reportError(err);
    return false;
  }
  return true;
}

bool linkProgram(const Options& o, const std::function<const CudaToolkit*()>& toolkit,
                 const std::vector<std::string>& objects, const std::string& name, const std::string& output,
                 TempDir& temps) {
  std::vector<std::string> extra; // circle's own start-up objects
  std::string registration = temps.file("linked_registration.o");
  bool linked = false;
  const CudaToolkit* tk = nullptr;
  if (!linkDeviceCode(o, toolkit, objects, temps, registration, linked, tk)) return false;
  if (linked) extra.push_back(registration);

  LinkRequest req;
  // nvcc links libraries after the objects wherever -l stands (`nvcc -lcublas x.cu`);
  // a -l before the last object moves behind it, the libraries keeping their order.
  size_t lastObject = 0;
  for (size_t i = 0; i < o.linkArgs.size(); ++i)
    if (o.linkArgs[i].input >= 0) lastObject = i;
  std::vector<std::string> libraries;
  for (size_t i = 0; i < o.linkArgs.size(); ++i) {
    const LinkArg& a = o.linkArgs[i];
    if (a.input < 0 && i < lastObject && llvm::StringRef(a.text).starts_with("-l")) {
      libraries.push_back(a.text);
      if (a.text == "-l" && i + 1 < lastObject) libraries.push_back(o.linkArgs[++i].text); // `-l name`
    } else {
      req.args.push_back(a.input >= 0 ? objects[a.input] : a.text);
    }
    if (i == lastObject) req.args.insert(req.args.end(), libraries.begin(), libraries.end());
  }
  // First: the registration refers to every -rdc object (their __fatbinwrap_*), so
  // the linker must meet it before the static libraries that hold some of them.
  req.args.insert(req.args.begin(), extra.begin(), extra.end());
  linkOneOpenMPRuntime(req.args);
  if (o.spirv) req.args.push_back("-lvulkan"); // circle/vulkan.hpp's loader
  req.output = output;
  req.optionsOnly = o.inputs.empty();
  req.cudaLibDir = tk ? tk->libDir : "";
  req.cudart = o.cudart == CudaRuntime::Static   ? CudaRuntimeLink::Static
               : o.cudart == CudaRuntime::Shared ? CudaRuntimeLink::Shared
                                                 : CudaRuntimeLink::None;
  req.clangRuntimes = o.linkNeedsClangRuntime;
  req.verbose = o.verbose;
  req.dryRun = o.dryRun;
  if (std::string err = linkExecutable(req); !err.empty()) {
    reportError("linking '" + name + "' failed:\n" + err);
    return false;
  }
  return true;
}

} // namespace circle
