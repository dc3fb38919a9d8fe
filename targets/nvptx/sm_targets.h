// The toolkit a compile uses and the GPU architectures it can build for.
#pragma once
#include "support/gpu_arch.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class TargetInfo;
class TargetOptions;
} // namespace clang

namespace circle {

struct CudaToolkit {
  std::string root;
  std::string ptxas, fatbinary, libdevice, includeDir, libDir;
  std::string nvlink, cudadevrt; // for -rdc links only: checked when one needs them
  int versionMajor = 0, versionMinor = 0, versionBuild = 0; // from ptxas --version (13.0.88)
  std::vector<int> ptxasArchs;             // every sm_XX and sm_XXa ptxas accepts (support/gpu_arch.h)
  int ptxIsa = 0;                          // PTX ISA version used for all modules, e.g. 90 for 9.0

  // Finds the tools under `root`; on failure returns a message that says what is missing.
  static std::optional<CudaToolkit> locate(const std::string& root, std::string& whyNot);
};

// "sm_90 is not supported by the CUDA 13.0 toolkit's ptxas (supported: sm_75 ...)" or empty.
std::string checkSmSupported(const CudaToolkit& tk, int sm);

// The NVPTX TargetInfo one device pass generates code for. Type layouts mirror
// `hostTriple` so that structs, pointers and longs are laid out as on the host.
struct DeviceTarget {
  int sm = 0;
  std::shared_ptr<clang::TargetOptions> options;
  std::unique_ptr<clang::TargetInfo> info;
  ~DeviceTarget();
  DeviceTarget();
  DeviceTarget(DeviceTarget&&);
};
// `shortPointers`: local, shared and constant memory addressed with 32 bits, as nvcc
// does (deviceShortPointers says when).
DeviceTarget makeDeviceTarget(clang::DiagnosticsEngine& diags, const std::string& hostTriple, int sm,
                              int ptxIsa, bool shortPointers = false);
// Optimised device code uses 32-bit local and shared pointers. Unoptimised code
// (-OG0, -G) keeps 64-bit ones: LLVM 22's NVPTX back end fails on byval copies with
// short pointers when nothing has optimised them (targets/nvptx/byval_copies.h).
inline bool deviceShortPointers(int optLevel) { return optLevel > 0; }

std::string ptxFeature(int ptxIsa);         // "+ptx90"

} // namespace circle
