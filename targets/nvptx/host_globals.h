// -fgpu-host-globals, the device half: a kernel may read and write the program's own
// host variables (namespace-scope and static members, dynamic initialisers included,
// as the host ran them), which CUDA's rule (and circle's default) refuses. Each such
// variable, a declaration in the device module, is reached through a pointer slot: a
// device variable `__circle_host_slot.<symbol>` that the host fills with the
// variable's address for the GPU before its first launch there
// (targets/host/host_globals.h, libdevice-c/host_globals/attach.cpp).
// Without the flag the reference stays and circle says where the source reads it.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace circle {

// The slot's device symbol for a variable's symbol.
std::string hostGlobalSlotName(const std::string& symbol);

// Every declared (not defined) global of `m` that `isHostVariable` accepts is read
// through its slot from then on. Returns their symbols, sorted.
std::vector<std::string> routeHostGlobalsThroughSlots(llvm::Module& m,
                                                      const std::function<bool(const llvm::GlobalVariable&)>& isHostVariable);

} // namespace circle
