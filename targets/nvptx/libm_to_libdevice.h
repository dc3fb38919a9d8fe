// Math written the host's way in code a kernel reaches. In an untagged or __host__
// __device__ function, `atanf(x)` resolves to the C library's atanf (the host's
// overload is preferred there), which Clang emits as an LLVM math intrinsic or a
// call to libm; NVPTX has no instruction or library for most of them ("no libcall
// available for fatan"). Each becomes the call to CUDA's libdevice function that a
// __device__ function would have made (__nv_atanf), before libdevice is linked.
// So do the functions CUDA's headers declare for the device and Clang's do not define
// (nan, glibc's __isinfl family, CUDA 13's __tanhf).
#pragma once

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Module;
}

namespace circle {

void mapLibmToLibdevice(llvm::Module& m);

// Calls of the function `name` (float -> float) become LLVM's approximate tanh, which NVPTX
// selects as tanh.approx.f32 (sm_75 and newer): __tanhf always, tanhf's libdevice
// __nv_tanhf under -use_fast_math, as nvcc maps tanhf to __tanhf there.
void approximateTanhCalls(llvm::Module& m, llvm::StringRef name);

} // namespace circle
