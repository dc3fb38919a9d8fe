#include "sema/launch_checks.h"

#include "codegen/kernel_index.h"
#include "sema/instantiation_visitor.h"
#include "support/gpu_arch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/LambdaCapture.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Token.h"

namespace circle {
namespace {

struct Launch {
  const clang::CUDAKernelCallExpr* call;
  const clang::FunctionDecl* enclosing; // null at file scope
};

class LaunchFinder : public InstantiationVisitor<LaunchFinder> {
  using Base = InstantiationVisitor<LaunchFinder>;

public:
  bool TraverseDecl(clang::Decl* d) {
    auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (fd) enclosing_.push_back(fd);
    bool go = Base::TraverseDecl(d);
    if (fd) enclosing_.pop_back();
    return go;
  }
  bool TraverseLambdaExpr(clang::LambdaExpr* e) {
    enclosing_.push_back(e->getCallOperator());
    bool go = Base::TraverseLambdaExpr(e);
    enclosing_.pop_back();
    return go;
  }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* e) {
    if (e->getConfig()) configs.insert(e->getConfig()->getBeginLoc().getRawEncoding());
    const clang::FunctionDecl* fn = enclosing_.empty() ? nullptr : enclosing_.back();
    if (!e->isInstantiationDependent() && !(fn && fn->isDependentContext())) launches.push_back({e, fn});
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (auto* fd = llvm::dyn_cast<clang::FunctionDecl>(e->getDecl()); fd && fd->hasAttr<clang::CUDAGlobalAttr>())
      kernelRefs[fd->getCanonicalDecl()].push_back(e);
    return true;
  }

  std::vector<Launch> launches;
  std::set<unsigned> configs; // where each launch's <<< is, templates' patterns included
  std::map<const clang::FunctionDecl*, std::vector<const clang::DeclRefExpr*>> kernelRefs;

private:
  std::vector<const clang::FunctionDecl*> enclosing_;
};

// The user's expression inside the prelude's __circle_launch_ptx argument, or null
// when the launch has four arguments or fewer.
const clang::Expr* explicitPtxArgument(const clang::CUDAKernelCallExpr& launch) {
  const auto* config = llvm::dyn_cast_or_null<clang::CallExpr>(launch.getConfig());
  if (!config || config->getNumArgs() < 5) return nullptr;
  const clang::Expr* arg = config->getArg(4);
  if (llvm::isa<clang::CXXDefaultArgExpr>(arg)) return nullptr;
  arg = arg->IgnoreImplicit();
  if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(arg); construct && construct->getNumArgs())
    return construct->getArg(0);
  return arg;
}

bool isDeviceLaunch(clang::ASTContext& ast, const clang::CUDAKernelCallExpr& launch) {
  const auto* config = llvm::dyn_cast_or_null<clang::CallExpr>(launch.getConfig());
  return config && ast.getcudaLaunchDeviceDecl() &&
         config->getDirectCallee() == ast.getcudaLaunchDeviceDecl();
}

// Why a parameter of this type cannot be passed to a kernel launched from the
// device, or empty.
std::string deviceLaunchArgumentProblem(clang::QualType type) {
  const clang::CXXRecordDecl* record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition()) return {};
  record = record->getDefinition();
  for (const clang::CXXConstructorDecl* ctor : record->ctors())
    if (ctor->isCopyConstructor() && ctor->isUserProvided()) return "a user-provided copy constructor";
  if (const clang::CXXDestructorDecl* dtor = record->getDestructor(); dtor && dtor->isUserProvided())
    return "a user-provided destructor";
  if (!record->hasTrivialCopyConstructor() || !record->hasTrivialDestructor())
    return "a member or base with a user-provided copy constructor or destructor";
  return {};
}

std::string smList(const std::vector<int>& sms) {
  std::string s;
  for (int sm : sms) s += (s.empty() ? "" : ", ") + smName(sm);
  return s;
}

} // namespace

std::set<std::string> LaunchIndex::kernelsNotFor(int sm) const {
  std::set<std::string> out;
  for (const auto& [kernel, sms] : kernelSms)
    if (!sms.count(sm)) out.insert(kernel);
  return out;
}

void LaunchTokens::onToken(const clang::Token& tok) {
  if (!tok.is(clang::tok::lesslessless)) return;
  clang::SourceLocation loc = tok.getLocation();
  if (!sm_.isInSystemHeader(sm_.getSpellingLoc(loc))) seen_.push_back(loc);
}

bool checkLaunches(clang::ASTContext& ast, clang::DiagnosticsEngine& diags, const std::vector<int>& sms,
                   const LaunchTokens& tokens, LaunchIndex& index) {
  LaunchFinder finder;
  finder.TraverseDecl(ast.getTranslationUnitDecl());
  std::unique_ptr<clang::MangleContext> mangler(ast.createMangleContext());
  bool ok = true;
  auto error = [&](clang::SourceLocation at, const std::string& text) {
    diags.Report(at, diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << text;
    ok = false;
  };

  // Clang builds the configuration of `s.m<<<1, 1>>>()` and then drops it with the
  // call's chevrons: a <<< that no launch owns was such a call.
  for (clang::SourceLocation at : tokens.seen())
    if (!finder.configs.count(at.getRawEncoding()))
      error(at, "only a __global__ function can be launched with <<<...>>>; this call is not a kernel launch (a "
                "member function cannot be a kernel)");

  std::map<const clang::FunctionDecl*, std::set<int>> restricted;
  std::set<const clang::DeclRefExpr*> restrictedRefs;
  for (const Launch& l : finder.launches) {
    if (isDeviceLaunch(ast, *l.call)) {
      index.deviceLaunches++;
      const clang::FunctionDecl* kernel = l.call->getDirectCallee();
      for (unsigned i = 0; kernel && i < l.call->getNumArgs() && i < kernel->getNumParams(); ++i) {
        std::string why = deviceLaunchArgumentProblem(kernel->getParamDecl(i)->getType());
        if (!why.empty())
          error(l.call->getArg(i)->getBeginLoc(),
                "argument " + std::to_string(i + 1) + " of a launch from the device has type '" +
                    kernel->getParamDecl(i)->getType().getAsString() + "', which has " + why +
                    "; a kernel launched from the device receives a copy of the argument's bytes");
      }
      continue;
    }
    // A closure holding references to the host's locals would have the kernel read
    // the host's stack (nvcc and Clang refuse it too).
    for (const clang::Expr* arg : l.call->arguments()) {
      const clang::CXXRecordDecl* closure = arg->getType()->getAsCXXRecordDecl();
      if (!closure || !closure->isLambda()) continue;
      for (const clang::LambdaCapture& capture : closure->captures())
        if (capture.capturesVariable() && capture.getCaptureKind() == clang::LCK_ByRef)
          error(capture.getLocation(), "the lambda passed to a kernel captures '" +
                                           capture.getCapturedVar()->getNameAsString() +
                                           "' by reference, which the GPU would read from the host's stack; "
                                           "capture it by value ([=] or [" +
                                           capture.getCapturedVar()->getNameAsString() + "])");
    }
    // Without -rdc Sema already refused launches in explicit __device__/__global__ code.
    if (l.enclosing) index.launchingFunctions.emplace(deviceSymbolName(*mangler, *l.enclosing), l.call->getBeginLoc());

    const clang::Expr* ptx = explicitPtxArgument(*l.call);
    if (!ptx) continue;
    clang::Expr::EvalResult value;
    if (ptx->isValueDependent() || !ptx->EvaluateAsInt(value, ast)) {
      error(ptx->getBeginLoc(), "the 5th launch argument (the PTX target) must be an integral constant expression");
      continue;
    }
    int64_t sm = value.Val.getInt().getExtValue();
    if (std::find(sms.begin(), sms.end(), sm) == sms.end()) {
      error(ptx->getBeginLoc(), "the 5th launch argument is " + std::to_string(sm) +
                                    ", which is not a PTX target of this compile (the targets are " +
                                    smList(sms) + ")");
      continue;
    }
    const clang::FunctionDecl* kernel = l.call->getDirectCallee();
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(l.call->getCallee()->IgnoreParenImpCasts());
    if (!kernel || !ref) continue; // through a pointer: the kernel is ODR-used by every sm
    restricted[kernel->getCanonicalDecl()].insert(static_cast<int>(sm));
    restrictedRefs.insert(ref);
  }

  // A kernel also named anywhere else (a 4-argument launch, its address taken) is
  // ODR-used by every sm.
  for (const auto& [kernel, sms] : restricted) {
    bool onlyFiveArgLaunches = true;
    for (const clang::DeclRefExpr* ref : finder.kernelRefs[kernel])
      onlyFiveArgLaunches &= restrictedRefs.count(ref) != 0;
    if (onlyFiveArgLaunches && kernel->getDefinition())
      index.kernelSms[deviceSymbolName(*mangler, *kernel->getDefinition())] = sms;
  }
  return ok;
}

} // namespace circle
