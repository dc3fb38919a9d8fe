#include "frontend/backend_failures.h"

#include "frontend/output_files.h"
#include "frontend/temp_files.h"
#include "targets/nvptx/operation_sites.h"

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
const std::map<std::string, OperationSite>* sites = nullptr;

// "Cannot select: intrinsic %llvm.nvvm.redux.sync.add": the user's call to it.
const OperationSite* siteOf(llvm::StringRef reason) {
  size_t at = reason.find("intrinsic %");
  if (!sites || at == llvm::StringRef::npos) return nullptr;
  llvm::StringRef name = reason.substr(at + 11);
  name = name.take_until([](char c) { return c == ' ' || c == '\n' || c == '\t'; });
  auto it = sites->find(name.str());
  return it == sites->end() ? nullptr : &it->second;
}

void onFatalError(void*, const char* reason, bool) {
  if (const OperationSite* site = siteOf(reason))
    llvm::errs() << formatAtSite(*site, phase + ": " + llvm::StringRef(reason).trim().str());
  else
    llvm::WithColor::error(llvm::errs(), "circle") << phase << ": " << reason << "\n";
  if (llvm::StringRef(reason).contains("Cannot select"))
    llvm::WithColor::note(llvm::errs(), "circle")
        << "the code uses an operation this target does not have; generate it only where it exists with "
           "'if target(__nvvm_current_device_sm >= NN)', or drop that -sm_XX\n";
  if (activeTemps)
    if (std::string trouble = activeTemps->trouble(); !trouble.empty())
      llvm::WithColor::note(llvm::errs(), "circle") << trouble << "; this may be why the compile failed\n";
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

BackendPhase::BackendPhase(std::string what, const std::map<std::string, OperationSite>* s)
    : previous_(std::move(phase)), previousSites_(sites) {
  phase = std::move(what);
  if (s) sites = s;
}
BackendPhase::~BackendPhase() {
  phase = std::move(previous_);
  sites = previousSites_;
}

} // namespace circle
