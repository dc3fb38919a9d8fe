// How much stack a kernel needs when ptxas cannot tell. CUDA gives each thread 1 KiB
// beyond what ptxas sizes statically; a kernel that recurses (std::sort's introsort,
// a std::map's destructor) or calls through pointers (virtual functions) gets no
// static size, and with more than 1 KiB of frames on its deepest path it dies with
// "an illegal memory access". circle bounds it from ptxas's frame sizes (ptxas -v)
// and the module's call graph: the deepest path through the graph of strongly
// connected components, where a recursive component counts kRecursionDepth times its
// largest frame. The host raises the stack limit to that before launching the kernel
// (targets/host/stack_limits.h).
#pragma once
#include <map>
#include <string>

namespace llvm {
class Module;
}

namespace circle {

inline constexpr unsigned kRecursionDepth = 64;

// Per-function stack frames ptxas reported with -v ("N bytes stack frame").
std::map<std::string, unsigned> parsePtxasFrames(const std::string& ptxasOutput);

// The bytes each kernel whose stack ptxas cannot size needs at the most (kernels
// ptxas sizes are left out).
std::map<std::string, unsigned long long> unboundedKernelStacks(llvm::Module& m,
                                                                const std::map<std::string, unsigned>& frames);

// Raises `most` to each such kernel's need in this sm's module: one stack limit serves
// every sm's build of a kernel (the compile and the -rdc device link).
void keepLargestKernelStacks(std::map<std::string, unsigned long long>& most, llvm::Module& m,
                             const std::map<std::string, unsigned>& frames);

} // namespace circle
