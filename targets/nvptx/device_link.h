// Turns one device pass's module into what the GPU will run: the kernels, the
// device variables, everything they reach, and the libraries they call into.
#pragma once
#include <set>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace circle {

// A function a kernel reaches (mangled names).
struct ReachedFunction {
  std::string callee;
  std::string kernel; // the first kernel, in module order, found to reach it
  // For a variable: the function whose code reads its address (after inlining).
  std::string user;
  // Where `kernel` is a device function whose address this device variable holds.
  std::string variable;
};

bool isKernel(const llvm::Function& f);

// Code circle compiled calls the device libc's wrappers for the heap and for va_list
// functions, and the runtime's bridge for device-side launches: the kernels' modules
// at their device link, circle's C++ runtime (--device-library) as it is compiled.
void routeToRuntimeWrappers(llvm::Module& m);

// After the device link: whether the module's kernels reach device stdio, whose
// channel variable (libdevice-c/host_io/protocol.h) then stays (targets/host/host_io.h).
bool deviceModuleUsesHostIo(const llvm::Module& m);

// Links circle's device runtime and CUDA's libdevice (only what is used), keeps
// kernels and device variables externally visible, internalizes and drops
// everything else, including the kernels named in dropKernels (5-argument launches
// name another sm for them). Returns an error message, or empty on success.
std::string linkDeviceModule(llvm::Module& module, const std::string& runtimePath, const std::string& libdevicePath,
                             const std::set<std::string>& dropKernels);

// The functions a bitcode library (circle's device runtime) defines, into `names`.
// Returns an error message, or empty on success.
std::string readDefinedFunctions(const std::string& path, std::set<std::string>& names);

// -rdc with nvcc's -ptx, -cubin or -fatbin: one object's device code for the toolkit's
// device linker (nvlink), which has none of circle's libraries. libdevice's functions
// are linked in as private copies, as nvcc's front end does. Returns the functions the
// module still calls that circle's device runtime defines (`runtimeFunctions`, from
// readDefinedFunctions), which only circle's own device link provides, each with a
// function of the module that calls it (in `kernel`: it need not be one); `error` is
// set when libdevice cannot be read.
std::vector<ReachedFunction> linkForToolkitLinker(llvm::Module& module, const std::set<std::string>& runtimeFunctions,
                                                  const std::string& libdevicePath, std::string& error);

// -rdc objects: drops the kernels named in dropKernels and what only they reach;
// every other definition keeps its linkage for the device link across objects.
void dropKernels(llvm::Module& module, const std::set<std::string>& dropKernels);

// root and every function it reaches, through calls or address-taking.
std::vector<llvm::Function*> functionsReachedFrom(llvm::Function& root);

// Every function the kernels reach, through calls or address-taking.
std::vector<ReachedFunction> functionsReachedFromKernels(llvm::Module& module);

// Functions the kernels, or device functions whose addresses device variables hold,
// still call that nothing defines. Run after optimisation:
// libdevice's __nvvm_reflect calls are resolved by the NVPTX pipeline.
std::vector<ReachedFunction> findMissingDeviceFunctions(llvm::Module& module);

// Kernels whose stack depth ptxas cannot bound: callee is the recursive function,
// or "an indirect call in F". Run after optimisation (inlining removes many calls).
std::vector<ReachedFunction> findUnboundedStacks(llvm::Module& module);

} // namespace circle
