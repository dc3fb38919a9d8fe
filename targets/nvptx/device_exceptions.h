// C++ exceptions in a device module. The functions that say `try` come with invokes,
// landing pads and Clang's handler dispatch (codegen/exception_islands.h); the GPU
// has no unwinder, so before optimisation every module becomes one of:
//  - Strip: no kernel reaches a handler that can finish (only cleanups, rethrowing
//    catch (...) blocks and noexcept terminate pads): invokes become calls and the
//    landing pads go, so a throw prints what it threw and traps where it happens
//    (libdevice-c/runtime/exceptions.cpp), at no cost to the code that does not throw.
//  - Lower: a throw records the exception as the thread's pending one and returns;
//    each call to a function that may throw is followed by a test of the thread's
//    pending bit that branches to the call's landing pad, or returns to the caller,
//    whose own test goes on; a landing pad takes the exception (its cleanups run,
//    its handlers' type tests ask the runtime), `resume` hands it on, and a kernel that
//    returns with one pending reports it and traps (libdevice-c/runtime/catch.cpp).
// Handlers' types come from markers circle's device passes put at the start of each
// handler (codegen/device_rtti_sites.h): Clang's CodeGen gives a GPU no type_info.
#pragma once
#include <memory>
#include <set>
#include <string>

namespace llvm {
class CallBase;
class Function;
class Module;
} // namespace llvm

namespace circle {

// Links the functions of codegen/exception_islands.h's module over `m`'s copies. The
// islands' variables become references to `m`'s (theirs sit in the generic address
// space, `m`'s in the one CUDA gives them). Returns an error message, or empty.
std::string linkExceptionIslands(llvm::Module& m, std::unique_ptr<llvm::Module> islands);

// The functions of a module that may let an exception out, and whether a call
// through a pointer may.
struct Throwers {
  std::set<llvm::Function*> functions;
  bool indirect = false;
  bool mayThrow(const llvm::CallBase& call) const;
};
Throwers findThrowers(llvm::Module& m);

enum class DeviceExceptionPlan { None, Strip, Lower };

// Decides, before the device libraries are linked, what `m` needs; for Lower it
// declares the runtime's entry points so the link brings their definitions.
DeviceExceptionPlan planDeviceExceptions(llvm::Module& m);

// Carries the plan out; after the link, so the libraries' own throws are lowered too.
// Every plan removes the handler-type markers.
void applyDeviceExceptions(llvm::Module& m, DeviceExceptionPlan plan);

} // namespace circle
