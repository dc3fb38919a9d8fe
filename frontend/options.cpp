#include "frontend/options.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "llvm/Config/llvm-config.h"

namespace circle {
namespace {

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool allDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// Options that take a value either glued (-Idir) or as the next argument (-I dir).
const char* const kJoinedOrSeparate[] = {"-I", "-D", "-U", "-l", "-L", "-o", "-isystem"};

} // namespace

ParseResult parseOptions(const std::vector<std::string>& args) {
  ParseResult r;
  Options& o = r.options;
  bool emitLLVM = false, compileOnly = false, assembly = false;
  auto fail = [&](std::string msg) {
    if (!r.error) r.error = OptionError{std::move(msg)};
  };

  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string flag, value;
    bool matched = false;
    for (const char* f : kJoinedOrSeparate) {
      std::string fs = f;
      if (a == fs) {
        if (i + 1 >= args.size()) {
          fail("missing argument to '" + fs + "'");
          return r;
        }
        flag = fs;
        value = args[++i];
        matched = true;
        break;
      }
      // "-isystem" must not be read as "-I" "system".
      if (startsWith(a, fs) && !(fs == "-I" && startsWith(a, "-isystem"))) {
        flag = fs;
        value = a.substr(fs.size());
        matched = true;
        break;
      }
    }
    if (matched) {
      if (flag == "-I") o.includeDirs.push_back(value);
      else if (flag == "-isystem") o.systemIncludeDirs.push_back(value);
      else if (flag == "-D") o.macroOps.push_back("-D" + value);
      else if (flag == "-U") o.macroOps.push_back("-U" + value);
      else if (flag == "-l") o.libs.push_back(value);
      else if (flag == "-L") o.libDirs.push_back(value);
      else if (flag == "-o") o.output = value;
      continue;
    }

    if (startsWith(a, "--cuda-path=")) {
      o.cudaPath = a.substr(12);
      if (o.cudaPath->empty()) fail("--cuda-path= needs a directory");
    } else if (a == "--cuda-path") {
      if (i + 1 >= args.size()) fail("missing argument to '--cuda-path'");
      else o.cudaPath = args[++i];
    } else if (startsWith(a, "-sm_")) {
      std::string digits = a.substr(4);
      if (!allDigits(digits) || digits.size() > 3) {
        fail("'" + a + "' is not a GPU architecture: expected -sm_XX with a number, e.g. -sm_75 or -sm_90"
             " (arch-specific variants such as sm_90a are not supported yet)");
      } else {
        int sm = std::stoi(digits);
        if (std::find(o.smTargets.begin(), o.smTargets.end(), sm) == o.smTargets.end())
          o.smTargets.push_back(sm);
      }
    } else if (a == "-c") {
      compileOnly = true;
    } else if (a == "-S") {
      assembly = true;
    } else if (a == "-emit-llvm") {
      emitLLVM = true;
    } else if (a == "-gpu") {
      o.gpuOutput = true;
    } else if (a == "-G") {
      o.deviceDebug = true;
    } else if (a == "-g") {
      o.hostDebug = true;
    } else if (a.size() == 4 && startsWith(a, "-OG") && a[3] >= '0' && a[3] <= '3') {
      o.deviceOpt = a[3] - '0';
    } else if (a.size() == 3 && startsWith(a, "-O") && a[2] >= '0' && a[2] <= '3') {
      o.hostOpt = a[2] - '0';
    } else if (a == "-O") {
      o.hostOpt = 1;
    } else if (startsWith(a, "-std=")) {
      o.std = a.substr(5);
      if (o.std.empty()) fail("-std= needs a language standard, e.g. -std=c++20");
    } else if (a == "--version") {
      o.showVersion = true;
    } else if (a == "--help" || a == "-h") {
      o.showHelp = true;
    } else if (a == "-rdc" || a == "-rdc=true" || a == "--relocatable-device-code=true" || a == "-fgpu-rdc") {
      o.rdc = true;
    } else if (a == "-rdc=false" || a == "--relocatable-device-code=false" || a == "-fno-gpu-rdc") {
      o.rdc = false;
    } else if (a == "-spirv") {
      o.spirv = true;
    } else if (a == "--device-library") {
      o.deviceLibrary = true;
    } else if (a == "-fno-gpu-auto-stack" || a == "-fgpu-auto-stack") {
      o.gpuAutoStack = a == "-fgpu-auto-stack";
    } else if (a == "--keep-temps") {
      o.keepTemps = true;
    } else if (a == "-v") {
      o.verbose = true;
    } else if (a == "-ftime-report") {
      o.timeReport = true;
    } else if (startsWith(a, "--list-fatbin=")) {
      o.listFatbin = a.substr(14);
    } else if (a == "--list-fatbin") {
      if (i + 1 >= args.size()) fail("missing argument to '--list-fatbin'");
      else o.listFatbin = args[++i];
    } else if (a.size() > 1 && a[0] == '-') {
      fail("unknown option '" + a + "' (see circle --help)");
    } else {
      o.inputs.push_back(a);
    }
  }

  std::sort(o.smTargets.begin(), o.smTargets.end());
  // circle's prelude (constexpr, fold expressions, if constexpr, nested namespaces)
  // and CUDA 13's headers need C++17.
  static const char* const kTooOld[] = {"c++98", "c++03", "gnu++98", "gnu++03", "c++0x", "gnu++0x", "c++11",
                                        "gnu++11", "c++1y", "gnu++1y", "c++14", "gnu++14"};
  if (std::find(std::begin(kTooOld), std::end(kTooOld), o.std) != std::end(kTooOld))
    fail("-std=" + o.std + ": circle needs C++17 or later (-std=c++17, c++20, c++23...)");
  for (const std::string& m : o.macroOps)
    if (m == "-D__CUDA_ARCH__" || startsWith(m, "-D__CUDA_ARCH__=") || m == "-U__CUDA_ARCH__")
      fail("'" + m + "': __CUDA_ARCH__ cannot be set: circle compiles the host and every GPU in one pass, where no "
           "macro can tell them apart (use 'if target(__nvvm_current_device_sm >= 80)')");
  if (compileOnly && assembly) fail("-c and -S cannot be used together");
  if (assembly) o.kind = emitLLVM ? OutputKind::LLVMText : OutputKind::Assembly;
  else if (compileOnly) o.kind = emitLLVM ? OutputKind::LLVMBitcode : OutputKind::Object;
  else if (emitLLVM) fail("-emit-llvm needs -S (LLVM IR text) or -c (bitcode)");
  if (o.gpuOutput && o.kind == OutputKind::Executable)
    fail("-gpu selects the device modules for -S or -emit-llvm output; an executable always holds them all");
  if (o.gpuOutput && o.kind == OutputKind::Object)
    fail("-gpu cannot be used with -c: an object file carries the device code in its fat binary");
  if (o.gpuOutput && !o.cudaPath) fail("-gpu needs --cuda-path");
  if (o.deviceLibrary && !(o.gpuOutput && o.kind == OutputKind::LLVMBitcode))
    fail("--device-library needs -gpu -c -emit-llvm");
  if (!o.smTargets.empty() && !o.cudaPath) fail("-sm_XX needs --cuda-path to enable CUDA");
  bool anySource = std::any_of(o.inputs.begin(), o.inputs.end(), [](const std::string& in) { return !isLinkerInput(in); });
  // A link of objects alone takes the sms the objects were compiled for.
  if (o.spirv && !o.cudaPath)
    fail("-spirv needs --cuda-path: circle parses [[spirv::comp]] kernels as CUDA C++ (threadIdx, __shared__)");
  if (o.spirv && o.rdc) fail("-spirv cannot be used with -rdc yet");
  if (o.cudaPath && o.smTargets.empty() && !o.spirv && !o.listFatbin && anySource)
    fail("--cuda-path needs at least one -sm_XX target (or -spirv); no default architecture is assumed");
  if (!o.showHelp && !o.showVersion && !o.listFatbin && !r.error) {
    if (o.inputs.empty()) fail("no input files");
    else if (o.kind != OutputKind::Executable && (o.inputs.size() > 1 || !anySource))
      fail("-c, -S and -emit-llvm compile one source file (got " + std::to_string(o.inputs.size()) +
           " input" + (o.inputs.size() > 1 ? "s" : "") + ")");
  }
  return r;
}

bool isLinkerInput(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".o" || ext == ".a" || ext == ".so" || path.find(".so.") != std::string::npos;
}

std::string perSmOutputName(const std::string& output, int sm, const std::string& ext) {
  std::filesystem::path p(output);
  // "out" and "out.ptx" both give out.sm_75.ptx.
  if (p.extension() == "." + ext) p.replace_extension();
  return p.string() + ".sm_" + std::to_string(sm) + "." + ext;
}

std::string perShaderOutputName(const std::string& output, const std::string& entry, const std::string& ext) {
  std::filesystem::path p(output);
  if (p.extension() == "." + ext) p.replace_extension();
  return p.string() + "." + entry + "." + ext;
}

std::string versionText() {
  return "circle 0.1 (single-pass heterogeneous C++ compiler; Clang/LLVM " LLVM_VERSION_STRING ")\n";
}

std::string helpText() {
  return R"(usage: circle [options] FILE...

Compiles C++ sources and links them with the objects and libraries named (.o, .a,
.so). With --cuda-path each source is parsed once and generated for the host and
for every -sm_XX; the executable carries a fat binary like nvcc's.

  --cuda-path=DIR   CUDA toolkit to use; its presence enables CUDA
  -sm_XX            GPU architecture (one or more; no default), e.g. -sm_75 -sm_90
  -o FILE           output file (default a.out, FILE.o with -c, FILE.s with -S)
  -c                compile to an object file
  -S                write assembly; with -emit-llvm, LLVM IR
  -emit-llvm        with -S: LLVM IR text; with -c: LLVM bitcode
  -gpu              with -S or -emit-llvm: write each sm's module instead of the
                    host's, one file per sm (-o out gives out.sm_75.ptx ...); with
                    -spirv, also each shader (out.saxpy.spvasm, or its .ll/.bc)
  -rdc              relocatable device code: kernels and device functions may call
                    across objects, and kernels may launch kernels (dynamic
                    parallelism); circle links the objects' device code
  -spirv            also compile each [[spirv::comp(N)]] kernel to a Vulkan compute
                    shader (SPIR-V), embedded in the executable; run it with
                    circle/vulkan.hpp (the Vulkan loader is linked implicitly)
  -fno-gpu-auto-stack  do not raise CUDA's stack limit before launching a kernel
                    whose stack ptxas cannot size (recursion, calls through
                    pointers); circle bounds it and raises the limit by default
  -G                device debug information
  -OG0..-OG3        device optimisation (default -OG2)
  -O0..-O3          host optimisation (default -O0)
  -g                host debug information
  -I DIR, -isystem DIR, -D NAME[=VALUE], -U NAME
  -std=STD          language standard (default c++20)
  -l LIB, -L DIR    libraries for the link (libcudart_static is linked implicitly)
  --list-fatbin=F   list the fat binary entries of an executable or object F
  --keep-temps      keep the PTX, cubins, fat binary and SPIR-V shaders
  --device-library  with -gpu -c -emit-llvm: keep every function the source defines
                    (how circle's device runtime is built) instead of what kernels reach
  -ftime-report     print how often each compile phase ran and how long it took
  -v                print the external tools circle runs
  --version, --help

Environment:
  CIRCLE_LINKER        linker driver for executables (default c++)
  CIRCLE_TOOL_TIMEOUT  seconds a tool (ptxas, fatbinary, nvlink, the linker) may
                       run before circle stops it (default 1800; 0: no limit)
  CIRCLE_VULKAN_DEVICE index of the Vulkan device circle/vulkan.hpp picks

Outputs never replace an input; they appear only when the compile succeeds.
)";
}

} // namespace circle
