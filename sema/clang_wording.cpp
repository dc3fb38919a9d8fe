#include "sema/clang_wording.h"

#include "sema/launch_checks.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"

#include <optional>
#include <string>

namespace circle {
namespace {

std::string executionSpace(const clang::FunctionDecl& fd) {
  auto explicitAttr = [](const clang::Attr* a) { return a && !a->isImplicit(); };
  bool host = explicitAttr(fd.getAttr<clang::CUDAHostAttr>());
  bool device = explicitAttr(fd.getAttr<clang::CUDADeviceAttr>());
  if (host && device) return "a __host__ __device__";
  if (host) return "a __host__";
  if (device) return "a __device__";
  return "an untagged (__host__ __device__)";
}

std::optional<std::string> reword(const clang::Diagnostic& d) {
  switch (d.getID()) {
  case clang::diag::err_cuda_device_kernel_launch_require_rdc:
    return std::string(kDeviceLaunchNeedsRdc);
  case clang::diag::err_kern_call_not_global_function: {
    if (d.getNumArgs() < 1 || d.getArgKind(0) != clang::DiagnosticsEngine::ak_nameddecl) return std::nullopt;
    const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(reinterpret_cast<const clang::NamedDecl*>(d.getRawArg(0)));
    if (!fd) return std::nullopt;
    return "'" + fd->getNameAsString() + "' is " + executionSpace(*fd) +
           " function, not a __global__ kernel: its call cannot be configured with <<<...>>>";
  }
  // CUDA cannot run a device object's constructor at load time; circle can leave it
  // to the program.
  case clang::diag::err_dynamic_var_init:
    return std::string("dynamic initialization is not supported for __device__, __constant__, __shared__, and "
                       "__managed__ variables; declare it [[storage_only]] and construct it with placement new in a "
                       "kernel");
  case clang::diag::err_shared_var_init:
    return std::string("initialization is not supported for __shared__ variables; declare it [[storage_only]] and "
                       "construct it with placement new");
  default:
    return std::nullopt;
  }
}

class Rewording : public clang::DiagnosticConsumer {
public:
  explicit Rewording(std::unique_ptr<clang::DiagnosticConsumer> printer) : printer_(std::move(printer)) {}
  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override {
    printer_->BeginSourceFile(lang, pp);
  }
  void EndSourceFile() override { printer_->EndSourceFile(); }
  void finish() override { printer_->finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    printer_->clear();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) override {
    DiagnosticConsumer::HandleDiagnostic(level, d);
    std::optional<std::string> text = reword(d);
    if (!text) {
      printer_->HandleDiagnostic(level, d);
      return;
    }
    clang::DiagnosticStorage noArguments;
    printer_->HandleDiagnostic(level, clang::Diagnostic(d.getDiags(), d.getLocation(), d.getID(), noArguments, *text));
  }

private:
  std::unique_ptr<clang::DiagnosticConsumer> printer_;
};

} // namespace

std::unique_ptr<clang::DiagnosticConsumer> rewordForCircle(std::unique_ptr<clang::DiagnosticConsumer> printer) {
  return std::make_unique<Rewording>(std::move(printer));
}

} // namespace circle
