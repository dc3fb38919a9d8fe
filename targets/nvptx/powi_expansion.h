// llvm.powi (`__builtin_powi`, and what LLVM's optimiser makes of pow(x, (double)n))
// has no instruction on NVPTX and the back end calls no library: it failed to select
// ("Cannot select: f64 = fpow"), an internal error for valid code. Each call becomes a
// call to an internal function of the module that multiplies by repeated squaring, as
// libgcc's and compiler-rt's __powidf2 do (and the device runtime's, which agrees with
// libgcc bit for bit: tests/e2e/test_device_runtime.sh), so host and device compute the
// same power.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

// Returns how many calls were replaced.
int expandIntegerPowers(llvm::Module& m);

} // namespace circle
