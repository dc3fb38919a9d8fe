// LLVM's MachineSink moves an instruction towards its uses block by block, through every
// block that leads to them, and counts that as profitable until it reaches one that does
// not post-dominate; on NVPTX it has no register pressure to weigh (every register is
// virtual until ptxas). Moving `x = y op z` past code that keeps y and z alive anyway
// saves nothing and moving it past code where y and z would have died lengthens two live
// ranges to shorten one; ptxas then allocates for the longer ranges. Measured on CUB's
// kernels (sm_90): DeviceSelectSweepKernel for thrust::copy_if 66 -> 56 registers (nvcc
// 56: 3 blocks of 384 threads per SM instead of 2), onesweep radix sort 80 -> 65 (nvcc
// 76), DeviceScanKernel 56 -> 48; over the kernels of 170 cuda-samples sources, 71
// kernels need fewer registers and 40 more (18,738 -> 18,617 in all; the largest rises:
// conjugateGradientMultiDeviceCG 40 -> 48, a double Mandelbrot 24 -> 30). On an H200
// (bench/RESULTS.md, 2026-11-30), bench/kernels' 42 kernels against nvcc: geometric mean
// 1.043 without it, 1.030 with it (thrust::sort 1.02 against 0.88, copy_if 1.07 against
// 0.92); the five tensor-core GEMMs of cuda-samples the same either way.
// Device code is generated without it, at every optimisation level.
#pragma once
#include "support/scoped_llvm_option.h"

namespace circle {

// While it lives, code generation runs no MachineSink, unless the user's
// -mllvm -disable-machine-sink= said otherwise; the host's keeps it.
class DeviceMachineSinkingOff {
  ScopedLlvmOption<bool> option_{"disable-machine-sink", true};
};

} // namespace circle
