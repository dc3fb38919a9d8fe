#include "targets/nvptx/device_math.h"

#include "targets/nvptx/libm_to_libdevice.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace circle {

void configureDeviceMath(const DeviceMath& math) {
  std::vector<std::string> args = {"circle"};
  // 0: div.approx, 1: div.full (nvcc's --prec-div=false), 2: div.rn.
  if (math.approxDiv) args.push_back("-nvptx-prec-divf32=0");
  else if (!math.precDiv) args.push_back("-nvptx-prec-divf32=1");
  // libdevice's sqrtf reads __CUDA_PREC_SQRT, which LLVM reflects as 0 (approximate)
  // unless told: nvcc's default is the IEEE square root.
  args.push_back(std::string("-nvvm-reflect-add=__CUDA_PREC_SQRT=") + (math.precSqrt ? "1" : "0"));
  if (!math.precSqrt) args.push_back("-nvptx-prec-sqrtf32=0");
  // libdevice's __CUDA_FTZ too: the module flag (applyDeviceMath) does not reach the
  // reflect calls of the fast intrinsics (__sinf -> sin.approx.ftz.f32 under -ftz, as nvcc).
  if (math.ftz) args.push_back("-nvvm-reflect-add=__CUDA_FTZ=1");
  // --fmad=false: no FMA at all (not even within an expression), as nvcc.
  if (!math.fmad) args.push_back("-nvptx-fma-level=0");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  llvm::cl::ParseCommandLineOptions(int(argv.size()), argv.data(), "circle device math\n");
}

void applyDeviceMath(llvm::Module& m, const DeviceMath& math) {
  if (math.approxFunctions) approximateTanhCalls(m, "__nv_tanhf");
  if (!math.ftz) return;
  // libdevice asks __nvvm_reflect("__CUDA_FTZ"); the backend picks .ftz instructions
  // from the functions' denormal mode. Set, not added: a module may carry the flag already,
  // and two are a broken module (-use_fast_math for several sms failed so).
  m.setModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
  for (llvm::Function& f : m)
    if (!f.isDeclaration()) f.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
}

} // namespace circle
