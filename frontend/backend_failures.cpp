#include "frontend/backend_failures.h"

#include "frontend/output_files.h"
#include "frontend/temp_files.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace circle {
namespace {

TempDir* activeTemps = nullptr;
PendingOutputs* activeOutputs = nullptr;
std::string phase = "compiling";

void onFatalError(void*, const char* reason, bool) {
  llvm::WithColor::error(llvm::errs(), "circle") << phase << ": " << reason << "\n";
  if (llvm::StringRef(reason).contains("Cannot select"))
    llvm::WithColor::note(llvm::errs(), "circle")
        << "the code uses an operation this target does not have; generate it only where it exists with "
           "'if target(__nvvm_current_device_sm >= NN)', or drop that -sm_XX\n";
  llvm::errs().flush();
  if (activeOutputs) activeOutputs->discard();
  if (activeTemps) activeTemps->removeNow();
  // LLVM's state is not to be trusted after a fatal error: no destructors.
  std::_Exit(1);
}

} // namespace

BackendFailureGuard::BackendFailureGuard(TempDir& temps, PendingOutputs& outputs) {
  activeTemps = &temps;
  activeOutputs = &outputs;
  llvm::install_fatal_error_handler(onFatalError);
}

BackendFailureGuard::~BackendFailureGuard() {
  llvm::remove_fatal_error_handler();
  activeTemps = nullptr;
  activeOutputs = nullptr;
}

BackendPhase::BackendPhase(std::string what) : previous_(std::move(phase)) { phase = std::move(what); }
BackendPhase::~BackendPhase() { phase = std::move(previous_); }

} // namespace circle
