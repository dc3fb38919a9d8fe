// nvcc honours __restrict__ on a kernel's local pointer variables; Clang honours it on
// parameters only. ggml copies each kernel pointer parameter into a restrict-qualified
// local (`const void * __restrict__ vx = vx_ptr;`) and reads its quantized blocks and
// lookup tables through those: nvcc then loads them through the non-coherent cache
// (ld.global.nc) and circle did not, and its mat-vec products of the importance-matrix
// and K-quant types ran 1.6-2.3x slower (test-backend-ops perf, H200).
//
// A restrict-qualified local declared in the kernel body's outermost block covers the
// whole execution of the kernel (C11 6.7.3.1: the block is the function body). When a
// pointer parameter is used nowhere but as the initializer of such locals, every access
// through it goes through them, so the parameter itself may be treated as restrict:
// it is given that qualifier, which Clang's code generation turns into noalias.
#pragma once
#include "codegen/kernel_index.h"

namespace circle {

// Returns how many parameters were given it.
int restrictParametersBehindRestrictLocals(const DeclsByName& kernels);

} // namespace circle
