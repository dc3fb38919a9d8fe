#include "sema/clang_wording.h"

#include "sema/launch_checks.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>
#include <vector>
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

// threadIdx.x and its kind read a __device__ member of a struct in Clang's header
// (__cuda_builtin_threadIdx_t::__fetch_builtin_x): the name the user wrote.
std::optional<std::string> builtinVariable(const clang::NamedDecl& callee) {
  llvm::StringRef member = callee.getName();
  const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(callee.getDeclContext());
  if (!member.consume_front("__fetch_builtin_") || !record || !record->getIdentifier()) return std::nullopt;
  llvm::StringRef var = record->getName();
  if (!var.consume_front("__cuda_builtin_") || !var.consume_back("_t")) return std::nullopt;
  return (var + "." + member).str();
}

const char* const kSpaces[] = {"__device__", "__global__", "__host__", "__host__ __device__"};

std::optional<std::string> reword(const clang::Diagnostic& d) {
  switch (d.getID()) {
  case clang::diag::err_ref_bad_target: {
    if (d.getNumArgs() < 4 || d.getArgKind(2) != clang::DiagnosticsEngine::ak_nameddecl) return std::nullopt;
    auto var = builtinVariable(*reinterpret_cast<const clang::NamedDecl*>(d.getRawArg(2)));
    uint64_t caller = d.getRawArg(3);
    if (!var || caller >= std::size(kSpaces)) return std::nullopt;
    return "reference to the GPU's built-in variable '" + *var + "' in " + kSpaces[caller] +
           " function (it exists on the GPU only)";
  }
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

// Whether the diagnostic's location was written in an argument of CCCL's per-target
// macros, directly or through macros built on them (Thrust's THRUST_CDP_DISPATCH):
// every macro on the way from the written token to the expanded one is looked at.
bool inNvTargetBranch(const clang::Diagnostic& d) {
  if (!d.hasSourceManager() || !d.getLocation().isValid()) return false;
  const clang::SourceManager& sm = d.getSourceManager();
  clang::LangOptions lang;
  std::vector<clang::SourceLocation> work = {d.getLocation()};
  for (size_t i = 0; i < work.size() && i < 256; ++i) {
    clang::SourceLocation loc = work[i];
    if (!loc.isMacroID()) continue;
    llvm::StringRef name = clang::Lexer::getImmediateMacroName(loc, sm, lang);
    if (name == "NV_IF_TARGET" || name == "NV_IF_ELSE_TARGET" || name == "NV_DISPATCH_TARGET") return true;
    work.push_back(sm.getImmediateSpellingLoc(loc));
    work.push_back(sm.getImmediateExpansionRange(loc).getBegin());
  }
  return false;
}

// Errors Clang raises for every target although they hold for one: a reference to
// a __device__ function or a __shared__ array in __host__ __device__ code, and inline
// assembly checked against the host's constraints (cuda_fp16.hpp's "=h" PTX operands).
bool checksTheOtherTarget(const clang::Diagnostic& d) {
  unsigned id = d.getID();
  if (id == clang::diag::err_ref_bad_target || id == clang::diag::err_cuda_host_shared) return true;
  return clang::DiagnosticIDs::getCategoryNameFromID(clang::DiagnosticIDs::getCategoryNumberForDiag(id)) ==
         "Inline Assembly Issue";
}

// "cannot use 'try' ('throw') in __device__ function": circle's one parse is the
// host's, where a __device__ function's body is device code, and the device passes
// generate its try with its handlers (codegen/exception_islands.h) and its throw as
// any other. A kernel's are respelled first (dialect/device_try.h, device_throw.h).
bool isDeviceFunctionException(const clang::Diagnostic& d) {
  if (d.getID() != clang::diag::err_cuda_device_exceptions || d.getNumArgs() < 2 ||
      d.getArgKind(0) != clang::DiagnosticsEngine::ak_c_string)
    return false;
  llvm::StringRef what = d.getArgCStr(0);
  if (what != "try" && what != "throw") return false;
  if (d.getArgKind(1) == clang::DiagnosticsEngine::ak_sint) return d.getArgSInt(1) == 0;
  return d.getArgKind(1) == clang::DiagnosticsEngine::ak_uint && d.getArgUInt(1) == 0;
}

class Rewording : public clang::DiagnosticConsumer {
public:
  Rewording(std::unique_ptr<clang::DiagnosticConsumer> printer, std::function<bool(clang::SourceLocation)> deadOnHost)
      : printer_(std::move(printer)), deadOnHost_(std::move(deadOnHost)) {}
  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override {
    printer_->BeginSourceFile(lang, pp);
  }
  void EndSourceFile() override {
    flush();
    printer_->EndSourceFile();
  }
  void finish() override {
    flush();
    printer_->finish();
  }
  void clear() override {
    DiagnosticConsumer::clear();
    printer_->clear();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) override {
    if (level != clang::DiagnosticsEngine::Note) {
      flush();
      dropping_ = false;
    }
    if (dropping_) return; // a dropped error's notes
    if (isDeviceFunctionException(d)) {
      drop(d);
      return;
    }
    if (level >= clang::DiagnosticsEngine::Error && d.hasSourceManager()) {
      // Clang's recovery gives some follow-on errors no location (the `template<>` it
      // supplied for a broken specialization): said where the error they follow was.
      if (d.getLocation().isInvalid() && lastError_.isValid()) {
        emit(level, d, lastError_, d.getID(), stored(level, d).text);
        return;
      }
      if (d.getLocation().isValid()) lastError_ = d.getLocation();
    }
    if (pending_) {
      // A deferred error's call chain: reached only through a branch the host does
      // not take (a CCCL per-target macro, `if target`), it holds for the other target.
      if (d.getID() == clang::diag::note_called_by && offTheHost(d)) {
        pending_.reset();
        drop(d);
        return;
      }
      if (!saysNothingMore(level, d)) pending_->push_back(stored(level, d));
      return;
    }
    std::optional<std::string> text = reword(d);
    if (level != clang::DiagnosticsEngine::Note) afterBuiltinVariable_ = text && d.getID() == clang::diag::err_ref_bad_target;
    if (checksTheOtherTarget(d)) {
      if (offTheHost(d)) {
        drop(d);
        return;
      }
      // Held back until its notes show the calls that reached it.
      pending_.emplace();
      pending_->push_back(stored(level, d));
      return;
    }
    if (saysNothingMore(level, d)) return;
    if (!text) {
      DiagnosticConsumer::HandleDiagnostic(level, d);
      printer_->HandleDiagnostic(level, d);
      return;
    }
    emit(level, d, d.getLocation(), d.getID(), *text);
  }

private:
  struct Stored {
    clang::DiagnosticsEngine::Level level;
    const clang::DiagnosticsEngine* diags;
    clang::SourceLocation loc;
    unsigned id;
    std::string text;
  };
  Stored stored(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) {
    std::optional<std::string> text = reword(d);
    if (!text) {
      llvm::SmallString<256> formatted;
      d.FormatDiagnostic(formatted);
      text = formatted.str().str();
    }
    return {level, d.getDiags(), d.getLocation(), d.getID(), *text};
  }
  // "'__fetch_builtin_x' declared here" in Clang's header, after an error about a
  // built-in variable, says nothing more.
  bool saysNothingMore(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) const {
    return afterBuiltinVariable_ && level == clang::DiagnosticsEngine::Note && d.getID() == clang::diag::note_previous_decl;
  }
  bool offTheHost(const clang::Diagnostic& d) const {
    return inNvTargetBranch(d) || (deadOnHost_ && deadOnHost_(d.getLocation()));
  }
  void drop(const clang::Diagnostic& d) {
    dropping_ = true;
    // Clang counted it already: toward its error limit, in the error traps that
    // mark a template instantiation invalid, and in the count that fails the
    // compile. While no error was shown, the count goes back to zero at once (once
    // one was, the compile fails anyway).
    if (getNumErrors() == 0) const_cast<clang::DiagnosticsEngine*>(d.getDiags())->Reset(/*soft=*/true);
  }
  void emit(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& like, clang::SourceLocation loc, unsigned id,
            const std::string& text) {
    clang::DiagnosticStorage noArguments;
    clang::Diagnostic d(like.getDiags(), loc, id, noArguments, text);
    DiagnosticConsumer::HandleDiagnostic(level, d);
    printer_->HandleDiagnostic(level, d);
  }
  // A held-back error that turned out to hold for the host: shown, with its notes.
  void flush() {
    if (!pending_) return;
    std::vector<Stored> held = std::move(*pending_);
    pending_.reset();
    for (const Stored& s : held) {
      clang::DiagnosticStorage noArguments;
      clang::Diagnostic d(s.diags, s.loc, s.id, noArguments, s.text);
      DiagnosticConsumer::HandleDiagnostic(s.level, d);
      printer_->HandleDiagnostic(s.level, d);
    }
  }

  std::unique_ptr<clang::DiagnosticConsumer> printer_;
  std::function<bool(clang::SourceLocation)> deadOnHost_;
  std::optional<std::vector<Stored>> pending_;
  bool dropping_ = false;
  bool afterBuiltinVariable_ = false;
  clang::SourceLocation lastError_;
};

} // namespace

std::unique_ptr<clang::DiagnosticConsumer> rewordForCircle(std::unique_ptr<clang::DiagnosticConsumer> printer,
                                                           std::function<bool(clang::SourceLocation)> deadOnHost) {
  return std::make_unique<Rewording>(std::move(printer), std::move(deadOnHost));
}

} // namespace circle
