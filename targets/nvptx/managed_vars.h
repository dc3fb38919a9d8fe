// __managed__ variables in a device module: ordinary globals that the PTX marks
// `.attribute(.managed)`, so the driver places them in unified memory when it loads
// the module. The host side is in ../host/managed_vars.h.
#pragma once
#include <set>
#include <string>

namespace llvm {
class Module;
}

namespace circle {

void markManagedVariables(llvm::Module& deviceModule, const std::set<std::string>& managedSymbols);

} // namespace circle
