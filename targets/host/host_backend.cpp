#include "targets/host/host_backend.h"

#include "support/diagnostics.h"

#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/BackendUtil.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {

bool emitHostModule(clang::CompilerInstance& ci, llvm::Module& module, HostEmit what, const std::string& path) {
  if (path.empty()) return false; // an output the driver refused, and said why
  std::error_code ec;
  bool binary = what == HostEmit::Object || what == HostEmit::LLVMBitcode;
  auto os = std::make_unique<llvm::raw_fd_ostream>(path, ec, binary ? llvm::sys::fs::OF_None
                                                                    : llvm::sys::fs::OF_Text);
  if (ec) {
    reportError("cannot write '" + path + "': " + ec.message());
    return false;
  }
  clang::BackendAction action = what == HostEmit::Object        ? clang::Backend_EmitObj
                                : what == HostEmit::Assembly    ? clang::Backend_EmitAssembly
                                : what == HostEmit::LLVMText    ? clang::Backend_EmitLL
                                                                : clang::Backend_EmitBC;
  clang::emitBackendOutput(ci, ci.getCodeGenOpts(), ci.getTarget().getDataLayoutString(), &module, action,
                           ci.getVirtualFileSystemPtr(), std::move(os));
  return !ci.getDiagnostics().hasErrorOccurred();
}

} // namespace circle
