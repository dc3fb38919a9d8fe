// The circle command line. Parsing is separate from acting on it so the unit tests
// can check every option without running a compile.
//
// circle's own options (and nvcc's and clang's spellings of them) are in
// frontend/CircleOptions.td; every other option is looked up in Clang's driver table
// and goes where Clang would send it: to the one parse, to the link, or to both.
#pragma once
#include "targets/nvptx/device_math.h"

#include <optional>
#include <string>
#include <vector>

namespace circle {

enum class OutputKind {
  Executable,   // default: compile + link
  Object,       // -c
  Assembly,     // -S
  LLVMText,     // -S -emit-llvm
  LLVMBitcode,  // -c -emit-llvm
  Preprocessed, // -E
  Dependencies, // -M / -MM without -E: the dependency rule only
  SyntaxOnly,   // -fsyntax-only
};

// nvcc's -ptx, -cubin and -fatbin (and clang's --cuda-device-only): a source's device
// code alone, in one file per source, for programs that load it through the driver API.
enum class DeviceOnly {
  None,
  Ptx,    // -ptx: the PTX of the one sm (kind Assembly, gpuOutput)
  Cubin,  // -cubin: ptxas's cubin of the one sm (kind Object)
  Fatbin, // -fatbin: the fat binary an object would embed, every sm (kind Object)
};

enum class Language { C, CXX, CUDA };

// nvcc's --list-gpu-arch / --list-gpu-code.
enum class GpuListing { None, Virtual, Real };

struct Input {
  std::string path;        // "-" is standard input
  bool source = true;      // false: an object or library for the link
  Language language = Language::CXX;
  bool preprocessed = false; // .i/.ii/.cui or -x *-cpp-output: no prelude, no implicit includes
  // A C++ file nvcc hands to the host compiler (.cpp, .cc, .c++, .cp, .C): host code,
  // __CUDACC__ undefined, the toolkit's headers on the include path; -x cu makes it
  // CUDA. Circle's own .cxx (the guide's programs) and -x c++ are single-source C++.
  bool hostOnly = false;
};

// One word of the link's command line, in the order the user gave it; a source's
// place is taken by its object.
struct LinkArg {
  std::string text;
  int input = -1; // index into Options::inputs, or -1 for an option
};

struct DependencyOptions {
  bool enabled = false;       // -M, -MM, -MD or -MMD
  bool systemHeaders = true;  // false with -MM / -MMD
  std::string file;           // -MF; empty: stdout for -M, else the output with .d
  std::vector<std::string> targets; // -MT / -MQ (already quoted); empty: the output
  bool phonyTargets = false;  // -MP
};

enum class CudaRuntime { Static, Shared, None };

struct Options {
  std::vector<Input> inputs;
  std::vector<LinkArg> linkArgs;      // inputs, -l, -L, -Wl,... in command-line order
  std::vector<std::string> compileArgs; // Clang options for the parse, in order (-I, -D, -W, -f, -m, -O, -g...)
  // The command line as the user wrote it less its inputs, -x, -o, -c and dependency
  // options: what a compile of this source's preprocessed text takes
  // (frontend/distcc_compile.h).
  std::vector<std::string> argsForPreprocessed;
  bool linkNeedsClangRuntime = false; // -fsanitize, -fopenmp, -fprofile-instr-generate: link with Clang's driver
  std::string output;                 // -o; empty means the default name
  std::optional<std::string> cudaPath; // --cuda-path= (else the environment, then /usr/local/cuda)
  bool cuda = false;                  // CUDA is on: a GPU target, --cuda-path, -spirv or a .cu / -x cuda input
  std::vector<int> smTargets;         // ascending, without duplicates (sm_75 if CUDA is on and none is named)
  bool defaultSm = false;             // smTargets is the default, not the user's
  std::string archKeyword;            // -arch=all / all-major: resolved against the toolkit; native: the GPUs here
  OutputKind kind = OutputKind::Executable;
  bool gpuOutput = false;   // -gpu: -S/-emit-llvm outputs describe the device modules
  DeviceOnly deviceOnly = DeviceOnly::None;
  bool deviceLinkOnly = false; // nvcc's -dlink: the linked device code's object (default a_dlink.o), no executable
  bool staticLibrary = false; // nvcc's -lib: the objects archived (default a.a), nothing linked
  std::string outputDirectory; // nvcc's -odir: where outputs -o does not name go (not the executable)
  bool restrictKernelPointers = false; // nvcc's --restrict: kernels' pointer parameters do not alias
  GpuListing listGpu = GpuListing::None;
  bool deviceDebug = false; // -G
  bool lineInfo = false;    // -lineinfo
  int deviceOpt = 3;        // -OG0..-OG3 (nvcc optimises device code at -O3 by default)
  bool hostDebug = false;   // any -g but -g0 (the launch checks' source lines)
  bool ndebug = false;      // NDEBUG is defined on the command line
  std::string std;          // -std= as given (empty: circle's default, c++20)
  DependencyOptions deps;
  DeviceMath math;
  std::vector<std::string> ptxasArgs; // -Xptxas, -maxrregcount
  std::vector<std::string> nvlinkArgs; // -Xnvlink
  std::vector<std::string> fatbinArgs; // -Xfatbin, -compress-mode=, -no-compress
  bool ptxasReport = false; // -Xptxas -v / --resource-usage: print ptxas's per-kernel report
  int threads = 0;          // -t/--threads: sms assembled (ptxas) at once (0: one per core)
  CudaRuntime cudart = CudaRuntime::Static;
  bool spirv = false;       // -spirv: Vulkan compute shaders for the [[spirv::comp]] kernels
  bool remarkPasses = false; // -Rcircle-passes: say where a source needs a front-end pass per target
  bool rdc = false;         // -rdc: relocatable device code, linked across objects by circle
  bool deviceLibrary = false; // --device-library: device bitcode of every definition, nothing linked
  bool gpuAutoStack = true; // -fno-gpu-auto-stack: do not raise the stack limit for kernels ptxas cannot size
  bool gpuHostGlobals = false; // -fgpu-host-globals: kernels reach the program's host variables
  bool ptxasRelocatable = false; // -fgpu-relocatable-ptxas: ptxas -c per sm, then nvlink
  bool keepTemps = false;   // --keep-temps, --keep: leave the PTX/cubin/fatbin files behind
  std::string keepDir;      // --keep (nvcc), -save-temps: where (empty with --keep-temps: a new directory)
  bool run = false;         // nvcc's --run: run the linked executable
  std::vector<std::string> runArgs; // --run-args
  bool verbose = false;     // -v: the toolkit used and the external tools circle runs
  bool dryRun = false;      // -###: print what would run, run nothing
  bool showVersion = false;
  bool showHelp = false;
  bool printClangdFlags = false;
  bool printClangdHeader = false;
  std::optional<std::string> listFatbin;  // --list-fatbin=FILE
  std::string timeTable; // nvcc's -time FILE: each phase's time appended as CSV ('-': stdout)
  bool timeReport = false;  // -ftime-report: one line per compile phase (counts the parses)
  std::optional<std::string> timeTrace; // -ftime-trace[=FILE]: Chrome trace JSON (empty: beside the output)
  std::vector<std::string> notes; // accepted options that do nothing here, said once
};

// A command-line problem: printed as "circle: error: <message>" with exit status 1.
struct OptionError {
  std::string message;
};

// Parses argv (without argv[0]); @file arguments are expanded first. Returns the
// options or the first error found.
struct ParseResult {
  Options options;
  std::optional<OptionError> error;
};
ParseResult parseOptions(const std::vector<std::string>& args);

std::string helpText();
std::string versionText();
// What --print-clangd-flags prints: a .clangd fragment for circle's sources; and the
// header it force-includes (--print-clangd-header: circle's prelude for clangd).
std::string clangdConfigText(const Options& o);
std::string clangdHeaderText(const Options& o);

// How an input is compiled (or linked) when no -x names its language.
Input classifyInput(const std::string& path);

// The output -o names, or the default for `input`: a.out, stem.o, stem.s, stem.ll,
// stem.bc, "-" (standard output) for -E and -M; with -gpu the stem the per-sm names
// are made from.
std::string defaultOutputName(const Options& o, const std::string& input);
// `name` in nvcc's -odir directory, if one is given.
std::string inOutputDirectory(const Options& o, const std::string& name);
// -gpu writes each sm's module: PTX with -S, else LLVM IR text or bitcode.
const char* gpuOutputExtension(OutputKind kind);

// The file name -o X (or the input's stem) gives one device output for sm XX: X.sm_XX.ext
std::string perSmOutputName(const std::string& output, int sm, const std::string& ext);
// Where a -gpu or -ptx compile writes sm XX's module: -ptx's one sm to the output itself.
std::string deviceModuleOutputName(const Options& o, const std::string& output, int sm);
// Whether a compile writes device code only (-gpu, -ptx, -cubin, -fatbin): no host code.
inline bool writesDeviceCodeOnly(const Options& o) { return o.gpuOutput || o.deviceOnly != DeviceOnly::None; }
// -rdc with -ptx, -cubin or -fatbin: one object's device code for the toolkit's nvlink
// (ptxas -c, libdevice copied in), not bitcode for circle's own device link.
inline bool deviceCodeForNvlink(const Options& o) { return o.rdc && o.deviceOnly != DeviceOnly::None; }
// The same for one SPIR-V entry point: out.saxpy.spvasm.
std::string perShaderOutputName(const std::string& output, const std::string& entry, const std::string& ext);

} // namespace circle
