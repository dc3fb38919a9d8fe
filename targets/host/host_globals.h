// -fgpu-host-globals, the host half (the device half: targets/nvptx/host_globals.h).
// The host object registers each variable's pointer slot with the module handle and
// keeps a constant table {slot's shadow, &variable, sizeof variable}; before every
// launch it calls __circle_host_globals_attach (libdevice-c/host_globals/attach.cpp,
// linked from host_globals.bc), which fills the slots the first time the module meets
// a GPU.
#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace llvm {
class Module;
}

namespace circle {

// Where the attach function's bitcode is: beside the device runtime's.
std::string hostGlobalsRuntimePath(const std::string& deviceRuntime);

// A whole-program host module whose device code reads the host variables `bytes`
// names, with their sizes (0: unknown, an incomplete type). One that `host` neither
// defines nor declares (extern, defined in another object, named by no host code
// here) is declared. Returns an error, or empty.
std::string attachHostGlobals(llvm::Module& host, const std::map<std::string, uint64_t>& bytes,
                              const std::string& runtimeBitcode);

} // namespace circle
