#include "targets/nvptx/libm_to_libdevice.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace circle {
namespace {

// C99's math functions (double; +"f" for float) that libdevice defines as __nv_NAME.
const char* const kLibm[] = {
    "acos",  "acosh",  "asin",   "asinh",     "atan",   "atan2", "atanh",     "cbrt",  "ceil",  "copysign",
    "cos",   "cosh",   "erf",    "erfc",      "exp",    "exp10", "exp2",      "expm1", "fabs",  "fdim",
    "floor", "fma",    "fmax",   "fmin",      "fmod",   "frexp", "hypot",     "ilogb", "ldexp", "lgamma",
    "llrint", "llround", "log",  "log10",     "log1p",  "log2",  "logb",      "lrint", "lround", "modf",
    "nearbyint", "nextafter", "pow", "remainder", "remquo", "rint", "round", "scalbn", "sin", "sincos",
    "sinh",  "sqrt",   "tan",    "tanh",      "tgamma", "trunc", "cospi",     "sinpi", "rsqrt", "erfinv",
    "erfcinv", "normcdf", "normcdfinv", "j0", "j1", "y0", "y1", "jn", "yn", "nan"};

// glibc's classification functions, which CUDA's math_functions.h declares for device
// code (its signbit() and isinf() overloads call them) and Clang's headers define only
// in part; long double is double on the device.
const std::pair<const char*, const char*> kClassification[] = {
    {"__signbit", "__nv_signbitd"}, {"__signbitl", "__nv_signbitd"}, {"__isinfl", "__nv_isinfd"},
    {"__isnanl", "__nv_isnand"},    {"__finitel", "__nv_isfinited"}};

// LLVM's math intrinsics NVPTX cannot select (sin, cos, exp2 and log2 only as
// approximations, which the intrinsic's fast-math flags then allow).
const char* const kIntrinsics[] = {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
                                   "exp", "exp2", "exp10", "log", "log2", "log10", "pow"};

bool approximable(llvm::StringRef op) { return op == "sin" || op == "cos" || op == "exp2" || op == "log2"; }

// Calls of the declaration `from` call `to` instead (declared with from's type when the
// module lacks it).
void redirect(llvm::Module& m, llvm::Function& from, llvm::StringRef to) {
  llvm::Function* target = m.getFunction(to);
  if (!target) {
    from.setName(to);
    return;
  }
  if (target->getFunctionType() != from.getFunctionType()) return; // left to the missing-definition error
  from.replaceAllUsesWith(target);
  from.eraseFromParent();
}

} // namespace

void approximateTanhCalls(llvm::Module& m, llvm::StringRef name) {
  llvm::Function* f = m.getFunction(name);
  if (!f || f->getFunctionType() != llvm::FunctionType::get(llvm::Type::getFloatTy(m.getContext()),
                                                            {llvm::Type::getFloatTy(m.getContext())}, false))
    return;
  llvm::Function* tanh = llvm::Intrinsic::getOrInsertDeclaration(&m, llvm::Intrinsic::tanh, {f->getReturnType()});
  std::vector<llvm::CallInst*> calls;
  for (llvm::User* u : f->users())
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getCalledFunction() == f) calls.push_back(call);
  for (llvm::CallInst* call : calls) {
    auto* approx = llvm::CallInst::Create(tanh, {call->getArgOperand(0)}, "", call->getIterator());
    approx->setHasApproxFunc(true);
    approx->setDebugLoc(call->getDebugLoc());
    call->replaceAllUsesWith(approx);
    call->eraseFromParent();
  }
}

void mapLibmToLibdevice(llvm::Module& m) {
  static const llvm::StringSet<> libm = [] {
    llvm::StringSet<> s;
    for (const char* f : kLibm) {
      s.insert(f);
      s.insert(std::string(f) + "f");
    }
    return s;
  }();
  std::vector<llvm::CallInst*> calls;
  std::vector<std::pair<llvm::Function*, std::string>> declared;
  for (llvm::Function& f : m) {
    if (f.isIntrinsic()) {
      llvm::StringRef name = f.getName();
      if (!name.consume_front("llvm.")) continue;
      llvm::StringRef op = name.split('.').first, type = name.split('.').second;
      if (type != "f32" && type != "f64") continue;
      if (std::find_if(std::begin(kIntrinsics), std::end(kIntrinsics), [&](const char* i) { return op == i; }) ==
          std::end(kIntrinsics))
        continue;
      for (llvm::User* u : f.users())
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getCalledFunction() == &f) {
          if (approximable(op) && type == "f32" && call->hasApproxFunc()) continue;
          calls.push_back(call);
        }
      continue;
    }
    // A libm declaration (the device module has no body for it): libdevice's.
    if (f.isDeclaration() && libm.contains(f.getName())) declared.emplace_back(&f, "__nv_" + f.getName().str());
    for (auto [from, to] : kClassification)
      if (f.isDeclaration() && f.getName() == from) declared.emplace_back(&f, to);
  }
  for (auto& [f, to] : declared) redirect(m, *f, to);
  approximateTanhCalls(m, "__tanhf");
  for (llvm::CallInst* call : calls) {
    llvm::Function* intrinsic = call->getCalledFunction();
    llvm::StringRef name = intrinsic->getName().drop_front(5); // "llvm."
    std::string target = "__nv_" + name.split('.').first.str() + (name.ends_with("f32") ? "f" : "");
    llvm::FunctionCallee callee = m.getOrInsertFunction(target, intrinsic->getFunctionType());
    call->setCalledFunction(callee);
    call->setAttributes(llvm::AttributeList());
  }
}

} // namespace circle
