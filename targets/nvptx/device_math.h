// nvcc's device floating-point switches (--ftz, --prec-div, --prec-sqrt, --fmad,
// -use_fast_math), in the terms LLVM's NVPTX backend and libdevice understand.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

struct DeviceMath {
  bool ftz = false;      // single-precision denormals flushed to zero
  bool precDiv = true;   // IEEE-rounded single-precision division
  bool approxDiv = false; // -use_fast_math's division: div.approx (otherwise div.full without precDiv)
  bool precSqrt = true;  // IEEE-rounded single-precision square root
  bool fmad = true;      // multiply-adds contracted to FMA across statements, as nvcc does by default
  bool approxFunctions = false; // sinf, expf... as their fast intrinsics (__sinf, __expf)
};

// The backend's division and square-root precision and libdevice's reflected
// __CUDA_PREC_SQRT are process-wide settings: made once, before any device pass.
void configureDeviceMath(const DeviceMath& math);

// Per module: flush-to-zero for every function and for libdevice's __CUDA_FTZ.
void applyDeviceMath(llvm::Module& m, const DeviceMath& math);

} // namespace circle
