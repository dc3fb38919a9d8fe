#include "targets/spirv/shader_checks.h"

#include "targets/debug_locations.h"
#include "targets/llvm_users.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <set>

namespace circle {
namespace {

constexpr unsigned kPhysical = 1;

// Generic intrinsics the SPIR-V backend lowers (arithmetic, GLSL.std.450 math) or
// that vanish (lifetimes, assumptions), and the lowering's own push-constant reads.
bool loweredIntrinsic(llvm::StringRef name) {
  if (name == "__circle_push_word" || name.starts_with("llvm.spv.") || name.starts_with("llvm.lifetime.") || name.starts_with("llvm.dbg."))
    return true;
  static const char* const kPrefixes[] = {
      "llvm.assume", "llvm.experimental.noalias.scope.decl", "llvm.sqrt.", "llvm.sin.", "llvm.cos.", "llvm.tan.",
      "llvm.asin.", "llvm.acos.", "llvm.atan.", "llvm.sinh.", "llvm.cosh.", "llvm.tanh.", "llvm.exp.",
      "llvm.exp2.", "llvm.log.", "llvm.log2.", "llvm.pow.", "llvm.fabs.", "llvm.floor.", "llvm.ceil.",
      "llvm.trunc.", "llvm.round.", "llvm.rint.", "llvm.nearbyint.", "llvm.minnum.", "llvm.maxnum.",
      "llvm.minimum.", "llvm.maximum.", "llvm.fma.", "llvm.fmuladd.", "llvm.copysign.", "llvm.smin.",
      "llvm.smax.", "llvm.umin.", "llvm.umax.", "llvm.abs.", "llvm.ctpop.", "llvm.ctlz.", "llvm.cttz.",
      "llvm.bitreverse.", "llvm.bswap.", "llvm.fshl.", "llvm.fshr."};
  for (const char* p : kPrefixes)
    if (name.starts_with(p)) return true;
  return false;
}

// The math GLSL.std.450 defines on 16- and 32-bit floats only: its name in C, or null.
const char* floatOnlyMath(llvm::StringRef intrinsic) {
  static const char* const kOps[] = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
                                     "tanh", "exp", "exp2", "log", "log2", "pow"};
  for (const char* op : kOps)
    if (intrinsic.starts_with(std::string("llvm.") + op + ".")) return op;
  return nullptr;
}

// The CUDA feature behind an NVVM intrinsic or a runtime function, in the user's words.
std::string describeCallee(llvm::StringRef name) {
  if (name.starts_with("llvm.nvvm.shfl")) return "warp shuffles (__shfl_sync and friends)";
  if (name.starts_with("llvm.nvvm.vote")) return "warp votes (__ballot_sync, __any_sync, __all_sync)";
  if (name.starts_with("llvm.nvvm.match") || name.starts_with("llvm.nvvm.redux"))
    return "warp-level intrinsics (__match_*_sync, __reduce_*_sync)";
  if (name.contains("warpsize") || name.contains("laneid")) return "warpSize and lane ids";
  if (name.contains("clock") || name.contains("globaltimer")) return "clock() and the global timer";
  if (name.starts_with("llvm.nvvm.barrier")) return "barriers among part of a block (__syncthreads_count/_and/_or, named barriers)";
  if (name.starts_with("llvm.nvvm.membar") || name.starts_with("llvm.nvvm.fence"))
    return "memory fences (__threadfence)";
  if (name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") || name.starts_with("llvm.memset"))
    return "bulk memory copies (memcpy, memset, copying a large object through a pointer)";
  if (name == "llvm.trap" || name == "__assertfail" || name == "__circle_assert_fail") return "assert and __trap";
  if (name == "vprintf" || name == "printf") return "printf";
  if (name == "malloc" || name == "free" || name == "calloc" || name == "realloc") return "malloc and free";
  if (name.starts_with("_Zn") || name.starts_with("_Zd")) return "operator new and delete";
  if (name.starts_with("__cxa_") || name.starts_with("_Unwind")) return "exceptions and RTTI ('" + name.str() + "')";
  if (name.starts_with("llvm.nvvm.")) return "the CUDA intrinsic '" + name.str() + "'";
  if (name.starts_with("llvm.")) return "the LLVM operation '" + name.str() + "'";
  if (name.starts_with("__nv_")) return "the libdevice function '" + name.str() + "' (no SPIR-V form yet)";
  return "";
}

// Each construct is said once, where it is first met.
struct Checker {
  std::vector<ShaderProblem>& problems;
  std::set<std::string> said;
  // A call SPIR-V cannot make (malloc, a function pointer) leaves pointers of unknown
  // kind behind; those are said only when nothing else explains them.
  std::vector<ShaderProblem> pointerProblems;

  void report(const llvm::Instruction* at, const std::string& text) {
    if (said.insert(text).second) problems.push_back({text, sourcePoints(at)});
  }
  void reportPointer(const llvm::Instruction& at, const std::string& text) {
    if (said.insert(text).second) pointerProblems.push_back({text, sourcePoints(located(at))});
  }

  // A cast the lowering made has no place in the source; the code using it has.
  static const llvm::Instruction* located(const llvm::Instruction& i) {
    std::vector<const llvm::Instruction*> work{&i};
    for (size_t k = 0; k < work.size() && k < 64; ++k) {
      if (llvm::DILocation* loc = work[k]->getDebugLoc().get(); loc && loc->getLine()) return work[k];
      for (const llvm::User* u : work[k]->users())
        if (auto* user = llvm::dyn_cast<llvm::Instruction>(u)) work.push_back(user);
    }
    return &i;
  }
  void finish(size_t before) {
    if (problems.size() == before) problems.insert(problems.end(), pointerProblems.begin(), pointerProblems.end());
  }

  void call(llvm::CallBase& cb) {
    llvm::Function* callee = cb.getCalledFunction();
    if (!callee) {
      if (!cb.isInlineAsm()) report(&cb, "calls through a function pointer or a virtual function, which SPIR-V cannot express");
      else report(&cb, "uses inline PTX assembly, which has no SPIR-V form");
      return;
    }
    llvm::StringRef name = callee->getName();
    if (const char* op = floatOnlyMath(name); op && cb.getType()->getScalarType()->isDoubleTy()) {
      report(&cb, std::string("uses ") + op + " on double, which Vulkan's GLSL.std.450 has for float only (compute it "
                  "in float, e.g. " + op + "f)");
      return;
    }
    if (loweredIntrinsic(name)) return;
    if (!callee->isDeclaration()) {
      report(&cb, "reaches '" + demangledName(name) + "', which is recursive: a SPIR-V shader has no call stack");
      return;
    }
    std::string what = describeCallee(name);
    if (!what.empty()) report(&cb, "uses " + what + ", which the SPIR-V target does not support");
    else
      report(&cb, "calls '" + demangledName(name) + "', which has no SPIR-V definition (a function declared without "
                  "a body, or a library function circle provides only for the host and CUDA)");
  }

  // Each memory access must know its kind of memory: the SPIR-V type of a pointer
  // names its storage class.
  void pointer(llvm::Instruction& i) {
    if (llvm::isa<llvm::AddrSpaceCastInst>(&i)) {
      reportPointer(i, "uses a pointer that may point to a buffer, a local or a __shared__ variable depending on the "
                       "path taken; SPIR-V needs to know which");
      return;
    }
    if (auto* p2i = llvm::dyn_cast<llvm::PtrToIntInst>(&i); p2i && p2i->getPointerAddressSpace() != kPhysical) {
      reportPointer(i, "stores the address of a local or __shared__ variable in memory, or turns it into an integer; "
                       "in SPIR-V only buffer addresses are values");
      return;
    }
    if (auto* atomic = llvm::dyn_cast<llvm::AtomicRMWInst>(&i);
        atomic && atomic->getValOperand()->getType()->isIntegerTy(64))
      report(&i, "uses a 64-bit atomic operation, which the SPIR-V target does not support yet (Vulkan's "
                 "shaderBufferInt64Atomics); use 32-bit atomics");
    if (auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i); cas && cas->getCompareOperand()->getType()->isIntegerTy(64))
      report(&i, "uses a 64-bit atomic operation, which the SPIR-V target does not support yet (Vulkan's "
                 "shaderBufferInt64Atomics); use 32-bit atomics");
    // SPIR-V has no wrapping atomic, and LLVM 22's SPIR-V backend crashes on the
    // compare-and-swap loop that would compute one.
    if (auto* atomic = llvm::dyn_cast<llvm::AtomicRMWInst>(&i);
        atomic && (atomic->getOperation() == llvm::AtomicRMWInst::UIncWrap ||
                   atomic->getOperation() == llvm::AtomicRMWInst::UDecWrap))
      report(&i, "uses atomicInc or atomicDec, which the SPIR-V target does not support yet (SPIR-V has no "
                 "wrapping atomic)");
    if (auto* atomic = llvm::dyn_cast<llvm::AtomicRMWInst>(&i);
        atomic && atomic->isFloatingPointOperation() && atomic->getOperation() != llvm::AtomicRMWInst::FAdd)
      report(&i, "uses a floating-point atomic other than atomicAdd ('" +
                     llvm::AtomicRMWInst::getOperationName(atomic->getOperation()).str() +
                     "'), which has no SPIR-V form circle enables");
  }
  // Types Vulkan's SPIR-V has no form for, or circle does not enable yet.
  void types(llvm::Instruction& i) {
    auto has = [&](auto pred) {
      return pred(i.getType()) || llvm::any_of(i.operands(), [&](const llvm::Use& op) { return pred(op->getType()); });
    };
    if (has([](llvm::Type* t) { return t->getScalarType()->isIntegerTy(128); }))
      report(located(i), "uses __int128, which SPIR-V has no type for");
    if (has([](llvm::Type* t) { return t->getScalarType()->isHalfTy() || t->getScalarType()->isBFloatTy(); }))
      report(located(i), "uses 16-bit floating point (__half, __nv_bfloat16), which the SPIR-V target does not support yet");
  }

  // SPIR-V wants structured control flow: every loop entered at one header.
  void controlFlow(llvm::Function& f) {
    llvm::DominatorTree dt(f);
    llvm::LoopInfo loops(dt);
    llvm::ReversePostOrderTraversal<llvm::Function*> rpot(&f);
    if (!llvm::containsIrreducibleCFG<const llvm::BasicBlock*>(rpot, loops)) return;
    const llvm::Instruction* at = nullptr;
    for (llvm::BasicBlock& b : f)
      if (!at && b.hasNPredecessorsOrMore(2))
        for (llvm::Instruction& inst : b)
          if (llvm::DILocation* loc = inst.getDebugLoc().get(); loc && loc->getLine()) {
            at = &inst;
            break;
          }
    report(at ? at : &f.getEntryBlock().front(),
           "has a loop entered at more than one place (a goto into a loop), which SPIR-V's structured control "
           "flow cannot express");
  }
};

} // namespace

std::string demangledName(llvm::StringRef symbol) { return llvm::demangle(symbol.str()); }

std::vector<SourcePoint> sourcePoints(const llvm::Instruction* i) {
  std::vector<SourcePoint> points;
  for (const llvm::DILocation* loc = i ? i->getDebugLoc().get() : nullptr; loc; loc = loc->getInlinedAt()) {
    if (loc->getLine() == 0) continue; // a location the optimizer merged away
    points.push_back({debugLocationPath(*loc), loc->getLine(), loc->getColumn()});
  }
  return points;
}

void checkShader(llvm::Module& m, llvm::Function& main, std::vector<ShaderProblem>& problems) {
  Checker c{problems, {}, {}};
  size_t before = problems.size();
  for (llvm::GlobalVariable& gv : m.globals())
    if (gv.getAddressSpace() == 3 && gv.isDeclaration() && !gv.use_empty())
      c.report(firstUserOf<llvm::Instruction>(gv), "uses dynamic shared memory (extern __shared__); a SPIR-V workgroup's memory has a fixed size: "
               "declare a __shared__ array with a constant size");
  // `main` first: what it reaches is said where the kernel's path meets it.
  std::vector<llvm::Function*> functions{&main};
  for (llvm::Function& f : m)
    if (&f != &main && !f.isDeclaration() && !f.use_empty()) functions.push_back(&f);
  for (llvm::Function* f : functions) {
    c.controlFlow(*f);
    for (llvm::Instruction& i : llvm::instructions(*f)) {
      c.types(i);
      if (auto* cb = llvm::dyn_cast<llvm::CallBase>(&i)) c.call(*cb);
      else c.pointer(i);
    }
  }
  c.finish(before);
}

} // namespace circle
