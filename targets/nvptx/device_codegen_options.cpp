#include "targets/nvptx/device_codegen_options.h"

#include "clang/Basic/CodeGenOptions.h"

namespace circle {

clang::CodeGenOptions deviceCodeGenOptions(const clang::CodeGenOptions& host, int optLevel, bool debugInfo,
                                           bool lineInfo) {
  clang::CodeGenOptions cgo = host;
  cgo.OptimizationLevel = optLevel;
  // -O0 on the host would mark every device function noinline.
  cgo.setInlining(optLevel > 0 ? clang::CodeGenOptions::NormalInlining
                               : clang::CodeGenOptions::OnlyAlwaysInlining);
  // Clang derives this from the host's -O (on above -O1) and, where it is off, marks
  // every loop llvm.loop.unroll.disable: a build without -O (CMake's Debug) got no
  // unrolled device loop at all, where nvcc's device code is optimised the same.
  cgo.UnrollLoops = optLevel > 1;
  // PTX has no frame pointer, no unwinder and no stack protector.
  cgo.setFramePointer(clang::CodeGenOptions::FramePointerKind::None);
  cgo.UnwindTables = 0;
  cgo.CudaGpuBinaryFileName.clear();
  // Without -G, line tables only: they locate operations an sm lacks
  // (targets/nvptx/operation_sites.h) and are stripped before PTX is written.
  // -lineinfo keeps them as nvcc does: .loc directives, no DWARF sections.
  cgo.setDebugInfo(debugInfo  ? llvm::codegenoptions::FullDebugInfo
                   : lineInfo ? llvm::codegenoptions::DebugDirectivesOnly
                              : llvm::codegenoptions::DebugLineTablesOnly);
  // Host instrumentation (-fprofile-instr-generate, --coverage) has no device runtime.
  cgo.setProfileInstr(llvm::driver::ProfileInstrKind::ProfileNone);
  cgo.CoverageMapping = 0;
  cgo.CoverageNotesFile.clear();
  cgo.CoverageDataFile.clear();
  return cgo;
}

} // namespace circle
