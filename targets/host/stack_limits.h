// Before a kernel whose stack ptxas cannot size is launched (targets/nvptx/
// stack_bounds.h), its host stub raises CUDA's per-thread stack limit to the bound
// circle computed, if the current limit is lower; it never lowers it. The CUDA runtime
// reserves that much for every thread the device can hold at once (on an H100, 132
// SMs x 2048 threads: 264 MiB per KiB of limit), so it is raised only for kernels
// that need it, and only to what they need. -fno-gpu-auto-stack turns this off.
// A limit the program set itself (neither CUDA's default nor the last one circle set)
// is the program's decision, as with nvcc, and stays: cuda-samples' interval sets
// 8 KiB before timing its launches, and circle's 13.5 KiB bound (64 levels of its
// recursive variant, which that run never takes) re-reserved local memory for every
// thread inside the timed loop (0.66x nvcc's "time per equation" on an H200; the
// kernel itself ran 38.7 us against nvcc's 41.1).
#pragma once
#include <map>
#include <string>

namespace llvm {
class Module;
}

namespace circle {

// `bytes`: per kernel (device symbol). Returns how many stubs now raise the limit.
int raiseStackBeforeLaunches(llvm::Module& host, const std::map<std::string, unsigned long long>& bytes);

// -rdc: an object cannot know its kernels' bounds, the device link of the whole
// program does. Each stub reads its kernel's bound from a weak symbol (0 when
// undefined) that the link's registration object defines for kernels that need more
// than CUDA's default (targets/host/linked_registration.h).
void raiseStackFromLinkedBounds(llvm::Module& host);
std::string linkedStackSymbol(const std::string& kernel);

} // namespace circle
