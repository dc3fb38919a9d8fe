// How circle answers the questions code and build tools ask to find out that nvcc
// compiles them. CMake identifies a CUDA compiler by `--version` and by whether its
// test source sees __NVCC__, then reads nvcc's `-v` lines (#$ TOP=, #$ LIBRARIES=, the
// host link line, "-arch compute_XX"). Only that NVIDIA identity device-links through
// the compiler (-dlink) and lets the host compiler link the program; CMake's Clang
// identity device-links by running `fatbinary -im`, which CUDA 13's fatbinary does not
// have, and CUTLASS's CMake accepts no other identity before CMake 3.30. So circle is
// nvcc to build tools: every nvcc option is circle's (frontend/NvccOptions.td).
//
// Libraries read __NVCC__ too, to choose between nvcc's and Clang's code paths, and
// for a one-pass compiler built on Clang, Clang's are the ones that work: nvcc's take
// two passes for granted (nv/target dispatches NV_IF_TARGET on __CUDA_ARCH__, CCCL
// calls cudafe's built-ins). So nvcc's macros are defined in the program's own files
// and undefined in system headers (the toolkit, the C++ library, -isystem libraries)
// and in the toolkit's and Clang's headers however they are included. A -D or -U of
// them on the command line, or a #define or #undef in the code, is the user's choice
// and stands everywhere after it.
#pragma once
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <string>

namespace clang {
class Preprocessor;
}

namespace circle {

struct CudaToolkit;

// Defines __NVCC__ and __NVCC_DIAG_PRAGMA_SUPPORT__ while the preprocessor reads a
// user file (not a system header) for which `libraryHeader(path)` is false, and
// undefines them elsewhere. Install before the main file is entered.
void scopeNvccMacros(clang::Preprocessor& pp, std::function<bool(llvm::StringRef)> libraryHeader);

// nvcc's pragmas, consumed without a word: they name EDG's diagnostics by number
// (nv_diag_suppress, nv_diagnostic push...) and nvcc's host/device call checks
// (nv_exec_check_disable, hd_warning_disable), none of which circle has; code that
// sees __NVCC__ uses them.
void addNvccPragmas(clang::Preprocessor& pp);

// The first line of nvcc's --version, which CMake and other tools match.
std::string nvccVersionBanner();

// What nvcc's -v prints first, from its profile: the toolkit (#$ TOP=), its libdevice,
// include and library directories. LIBRARIES= is written exactly as circle's own -v
// link line spells the toolkit's library directory (support/tool_runner.h quotes each
// word), which is how CMake finds that line.
std::string nvccEnvironmentLines(const CudaToolkit& tk);

} // namespace circle
