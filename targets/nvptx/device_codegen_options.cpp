#include "targets/nvptx/device_codegen_options.h"

#include "clang/Basic/CodeGenOptions.h"

namespace circle {

clang::CodeGenOptions deviceCodeGenOptions(const clang::CodeGenOptions& host, int optLevel, bool debugInfo) {
  clang::CodeGenOptions cgo = host;
  cgo.OptimizationLevel = optLevel;
  // -O0 on the host would mark every device function noinline.
  cgo.setInlining(optLevel > 0 ? clang::CodeGenOptions::NormalInlining
                               : clang::CodeGenOptions::OnlyAlwaysInlining);
  // PTX has no frame pointer, no unwinder and no stack protector.
  cgo.setFramePointer(clang::CodeGenOptions::FramePointerKind::None);
  cgo.UnwindTables = 0;
  cgo.CudaGpuBinaryFileName.clear();
  cgo.setDebugInfo(debugInfo ? llvm::codegenoptions::FullDebugInfo : llvm::codegenoptions::NoDebugInfo);
  return cgo;
}

} // namespace circle
