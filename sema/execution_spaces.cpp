#include "sema/execution_spaces.h"

#include "clang/Basic/LangOptions.h"

namespace circle {

void enableTaglessDeviceCalls(clang::LangOptions& langOpts) {
  // Clang's standard-parallelism offload mode relaxes exactly the rule circle drops:
  // __global__/__device__/__host__ __device__ code may call unannotated (host)
  // functions, and overload resolution keeps them viable. It also makes device
  // CodeGen emit unannotated functions (the device link later keeps only what the
  // kernels reach) and turns host-only builtins and inline asm reached from device
  // code into markers instead of hard errors. Explicit __device__ functions stay
  // device-only: calling one from host code is still an error, as in CUDA.
  langOpts.HIPStdPar = 1;
}

} // namespace circle
