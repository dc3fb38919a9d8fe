// --help, --version and --print-clangd-flags.
#include "frontend/option_table.h"
#include "frontend/options.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {

std::string versionText() {
  // Clang's words for the host compiler circle is (ggml's CMake asks `-Xcompiler
  // --version` which one it is); with a toolkit nvcc's lines follow (command.h).
  return "circle version 0.1 (single-pass heterogeneous C++ compiler, based on clang version " LLVM_VERSION_STRING
         ")\nTarget: x86_64-pc-linux-gnu\nThread model: posix\n";
}

std::string helpText() {
  std::string text;
  llvm::raw_string_ostream os(text);
  opt::table().printHelp(os, "circle [options] FILE...",
                         "circle: one C++ source, parsed once, compiled for the host and every GPU target");
  os << R"(
Inputs: .cu (CUDA), .cpp/.cxx/.cc (C++: CUDA when a GPU target is named), .c (C),
.cui/.ii/.i (preprocessed, e.g. by circle -E), - (standard input, with -x); anything
else goes to the link (.o, .a, .so). @file reads options from a file.

Every other Clang option is accepted with Clang's meaning and goes where Clang would
send it: -W*, -f*, -m*, -O*, -g*, -std=, -I, -isystem, -include, -iquote, -idirafter,
-nostdinc++, -ferror-limit=, -fcolor-diagnostics, -fPIC to the one parse; -l, -L,
-Wl,..., -Xlinker, -rpath, -u to the link; -shared, -static, -pthread, -fsanitize=,
-fopenmp, --coverage to both (-fsanitize, -fopenmp and profiles link with Clang's
driver, for its runtimes). Clang's CUDA/HIP/OpenMP offloading options are refused
(but --cuda-device-only): the GPU options above replace them.

Environment:
  CUDA_PATH, CUDA_HOME  CUDA toolkit when --cuda-path is not given (then
                        /usr/local/cuda); circle -v says which was used
  CIRCLE_LINKER         linker driver for executables and shared libraries
                        (default c++; Clang's when the link needs its runtimes)
  CIRCLE_TOOL_TIMEOUT   seconds a tool (ptxas, fatbinary, nvlink, the linker) may
                        run before circle stops it (default 1800; 0: no limit)
  CIRCLE_VULKAN_DEVICE  index of the Vulkan device circle/vulkan.hpp picks
  TMPDIR                where circle's scratch directory is made

Outputs never replace an input; they appear only when the compile succeeds.
)";
  return text;
}

} // namespace circle
