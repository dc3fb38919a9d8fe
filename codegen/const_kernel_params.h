// A kernel's by-value parameter lives in the launch's parameter space. Where the
// kernel takes its address (CUTLASS hands the TMA descriptors in its Params to the
// tensor-memory instructions by address), LLVM's NVPTX back end copies it into the
// thread's local memory first, unless it is __grid_constant__; so does nvcc. CUTLASS
// writes __grid_constant__ only for nvcc (its CUTLASS_CLANG_CUDA path, which circle's
// Clang takes, leaves it out), and its Hopper kernels then gave the TMA unit a
// descriptor in local memory: "illegal instruction" on the H200.
//
// A const parameter is never written (writing it through its address is undefined), so
// its address may be the parameter's own: circle gives every const by-value kernel
// parameter __grid_constant__'s meaning, unless its type has mutable members. The
// copy of a large parameter goes too.
#pragma once
#include "codegen/kernel_index.h"

namespace circle {

// Returns how many parameters were given it.
int passConstKernelParametersInPlace(const DeclsByName& kernels);

} // namespace circle
