// Math written the host's way in code a kernel reaches. In an untagged or __host__
// __device__ function, `atanf(x)` resolves to the C library's atanf (the host's
// overload is preferred there), which Clang emits as an LLVM math intrinsic or a
// call to libm; NVPTX has no instruction or library for most of them ("no libcall
// available for fatan"). Each becomes the call to CUDA's libdevice function that a
// __device__ function would have made (__nv_atanf), before libdevice is linked.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

void mapLibmToLibdevice(llvm::Module& m);

} // namespace circle
