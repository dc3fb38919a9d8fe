// The device half of linking -rdc objects: per sm, the objects' device modules are
// linked as LLVM bitcode (whole-program, with circle's device runtime and libdevice),
// optimised, lowered to PTX and assembled; a module that still calls into CUDA's
// device runtime (a launch from the device) is assembled relocatable and linked
// with libcudadevrt.a by nvlink. The result is one fat binary for the program.
#pragma once
#include "targets/nvptx/cuda_tools.h"
#include "targets/nvptx/device_math.h"
#include "targets/nvptx/rdc_objects.h"

#include <map>
#include <string>
#include <vector>

namespace circle {
struct CudaToolkit;

struct RdcDeviceLink {
  const CudaToolkit* toolkit = nullptr;
  std::vector<int> sms;
  std::vector<RelocatableObject> objects; // those with device modules
  std::string runtimePath;                // circle's device runtime bitcode
  int optLevel = 2;
  DeviceMath math;
  PtxasOptions ptxas;                     // its debug and verbose settings serve the whole link
  std::vector<std::string> nvlinkArgs;    // -Xnvlink: when nvlink runs (a launch from the device)
  std::vector<std::string> fatbinArgs;    // -Xfatbin, -compress-mode=
  bool autoStack = true;                  // bound the stacks ptxas cannot size (targets/nvptx/stack_bounds.h)
  unsigned threads = 0;                   // -t: tools at once (targets/nvptx/parallel_assembly.h)
  std::string scratchDir; // where the PTX, cubins and fat binary are written
};

struct LinkedDevice {
  std::string fatbinPath;
  // The stack each kernel ptxas cannot size needs (the most of any sm).
  std::map<std::string, unsigned long long> stackBytes;
  bool usesHostIo = false; // the device code uses stdio (targets/host/host_io.h)
};

// Writes the fat binary. Returns an error message, or empty.
std::string linkRelocatableDevice(const RdcDeviceLink& link, LinkedDevice& out);

} // namespace circle
