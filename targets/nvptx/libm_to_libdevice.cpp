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
    "erfcinv", "normcdf", "normcdfinv", "j0", "j1", "y0", "y1", "jn", "yn"};

// LLVM's math intrinsics NVPTX cannot select (sin, cos, exp2 and log2 only as
// approximations, which the intrinsic's fast-math flags then allow).
const char* const kIntrinsics[] = {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
                                   "exp", "exp2", "exp10", "log", "log2", "log10", "pow"};

bool approximable(llvm::StringRef op) { return op == "sin" || op == "cos" || op == "exp2" || op == "log2"; }

} // namespace

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
    if (f.isDeclaration() && libm.contains(f.getName()) && !m.getFunction(("__nv_" + f.getName()).str()))
      f.setName("__nv_" + f.getName());
  }
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
