// LLVM reports what a backend cannot do (an intrinsic an sm does not have, say) as a
// fatal error that would abort circle with a stack dump. While a compile runs, such
// an error becomes a circle error naming the target, with exit status 1, and no
// output or scratch file left behind.
#pragma once
#include <map>
#include <string>

namespace circle {

class PendingOutputs;
class TempDir;

class BackendFailureGuard {
public:
  BackendFailureGuard(TempDir& temps, PendingOutputs& outputs);
  ~BackendFailureGuard();
  BackendFailureGuard(const BackendFailureGuard&) = delete;
  BackendFailureGuard& operator=(const BackendFailureGuard&) = delete;
};

struct OperationSite;

// What the compile is doing, for the message ("generating PTX for sm_75"), and
// where the module being lowered calls each intrinsic: an operation the backend
// cannot select is reported at the user's call.
class BackendPhase {
public:
  explicit BackendPhase(std::string what, const std::map<std::string, OperationSite>* sites = nullptr);
  ~BackendPhase();

private:
  std::string previous_;
  const std::map<std::string, OperationSite>* previousSites_;
};

} // namespace circle
