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
  // Without -G, line tables only: they locate operations an sm lacks
  // (targets/nvptx/operation_sites.h) and are stripped before PTX is written.
  cgo.setDebugInfo(debugInfo ? llvm::codegenoptions::FullDebugInfo : llvm::codegenoptions::DebugLineTablesOnly);
  return cgo;
}

} // namespace circle
