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
class SourceManager;
class Token;
} // namespace clang

namespace circle {

struct LaunchIndex {
  // Kernels (device symbol names) every reference to which is a 5-argument launch:
  // they are generated only for the sms those launches name.
  std::map<std::string, std::set<int>> kernelSms;
  // Functions that may run on the device and launch a kernel, by device symbol
  // name, with their first launch: an error if a kernel reaches them.
  std::map<std::string, clang::SourceLocation> launchingFunctions;
  // Launches Sema lowered for the device (in __global__/__device__ code, -rdc).
  int deviceLaunches = 0;

  // The kernels the sm's device module must not contain.
  std::set<std::string> kernelsNotFor(int sm) const;
};

// Clang's words for a launch from device code without -rdc, with circle's flag.
inline constexpr const char* kDeviceLaunchNeedsRdc =
    "kernel launch from __device__ or __global__ functions requires separate compilation mode (compile with -rdc)";

// With -rdc, a launch in an untagged function runs the host's launch sequence even
// when a kernel reaches it: Sema chose the sequence once, for the host.
inline constexpr const char* kUntaggedDeviceLaunch =
    "a launch from the device must be written in a __global__ or __device__ function (an untagged function "
    "launches the host's way, once for every target)";

// Where the user's files write `<<<`, as the parser receives the tokens.
class LaunchTokens {
public:
  explicit LaunchTokens(const clang::SourceManager& sm) : sm_(sm) {}
  void onToken(const clang::Token& tok);
  const std::vector<clang::SourceLocation>& seen() const { return seen_; }

private:
  const clang::SourceManager& sm_;
  std::vector<clang::SourceLocation> seen_;
};

// Reports chevrons on a call that is not a kernel launch, bad 5th arguments, device-side launches of arguments the child kernel
// could not receive (a user-provided copy constructor or destructor: the device
// runtime copies the bytes), and indexes the launches. Returns false if it
// reported an error.
bool checkLaunches(clang::ASTContext& ast, clang::DiagnosticsEngine& diags, const std::vector<int>& sms,
                   const LaunchTokens& tokens, LaunchIndex& index);

} // namespace circle
