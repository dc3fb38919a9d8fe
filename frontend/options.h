// The circle command line. Parsing is separate from acting on it so the unit tests
// can check every option without running a compile.
#pragma once
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
};

struct Options {
  std::vector<std::string> inputs;
  std::string output;                 // -o; empty means the default name
  std::optional<std::string> cudaPath; // --cuda-path=; its presence enables CUDA
  std::vector<int> smTargets;         // -sm_XX, ascending, without duplicates
  OutputKind kind = OutputKind::Executable;
  bool gpuOutput = false;   // -gpu: -S/-emit-llvm outputs describe the device modules
  bool deviceDebug = false; // -G
  int deviceOpt = 2;        // -OG0..-OG3
  int hostOpt = 0;          // -O0..-O3 (as with other C++ compilers, unoptimised by default)
  bool hostDebug = false;   // -g
  std::string std = "c++20";
  std::vector<std::string> includeDirs;   // -I
  std::vector<std::string> systemIncludeDirs; // -isystem
  std::vector<std::string> macroOps;      // "-DX=1" / "-UX" in command-line order
  std::vector<std::string> libs;          // -l
  std::vector<std::string> libDirs;       // -L
  bool spirv = false;       // -spirv: Vulkan compute shaders for the [[spirv::comp]] kernels
  bool rdc = false;         // -rdc: relocatable device code, linked across objects by circle
  bool deviceLibrary = false; // --device-library: device bitcode of every definition, nothing linked
  bool gpuAutoStack = true; // -fno-gpu-auto-stack: do not raise the stack limit for kernels ptxas cannot size
  bool keepTemps = false;   // --keep-temps: leave the PTX/cubin/fatbin files beside the output
  bool verbose = false;     // -v: print the external tools circle runs
  bool showVersion = false;
  bool showHelp = false;
  std::optional<std::string> listFatbin;  // --list-fatbin=FILE
  bool timeReport = false;  // -ftime-report: one line per compile phase (counts the parses)
};

// A command-line problem: printed as "circle: error: <message>" with exit status 1.
struct OptionError {
  std::string message;
};

// Parses argv (without argv[0]). Returns the options or the first error found.
struct ParseResult {
  Options options;
  std::optional<OptionError> error;
};
ParseResult parseOptions(const std::vector<std::string>& args);

std::string helpText();
std::string versionText();

// An object file or library the command line names for the link (by its extension);
// every other input is a source to compile.
bool isLinkerInput(const std::string& path);

// The file name -o X (or the input's stem) gives one device output for sm XX: X.sm_XX.ext
std::string perSmOutputName(const std::string& output, int sm, const std::string& ext);
// The same for one SPIR-V entry point: out.saxpy.spvasm.
std::string perShaderOutputName(const std::string& output, const std::string& entry, const std::string& ext);

} // namespace circle
