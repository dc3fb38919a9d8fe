// Launch rules Clang's CUDA Sema does not know, checked over the whole AST once the
// parse is done: Circle's 5th chevron argument (the PTX target to ODR-use the kernel
// from) and launches from device code, which need relocatable device code.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "clang/Basic/SourceLocation.h"

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace circle {

struct LaunchIndex {
  // Kernels (device symbol names) every reference to which is a 5-argument launch:
  // they are generated only for the sms those launches name.
  std::map<std::string, std::set<int>> kernelSms;
  // Functions that may run on the device and launch a kernel, by device symbol
  // name, with their first launch: an error if a kernel reaches them.
  std::map<std::string, clang::SourceLocation> launchingFunctions;

  // The kernels the sm's device module must not contain.
  std::set<std::string> kernelsNotFor(int sm) const;
};

// The one wording for every launch from device code circle refuses.
inline constexpr const char* kDeviceLaunchNeedsRdc =
    "kernel launch from __device__ or __global__ functions requires separate compilation mode, which circle "
    "does not support yet (no -rdc)";

// Reports bad 5th arguments and indexes the launches. Returns false if it
// reported an error.
bool checkLaunches(clang::ASTContext& ast, clang::DiagnosticsEngine& diags, const std::vector<int>& sms,
                   LaunchIndex& index);

} // namespace circle
