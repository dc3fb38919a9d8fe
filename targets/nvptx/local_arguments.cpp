#include "targets/nvptx/local_arguments.h"

#include "targets/llvm_pipeline.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"

#include <set>
#include <vector>

namespace circle {
namespace {

// Optimistic: every candidate is assumed local until one of its calls (or returns)
// shows otherwise; what is left when nothing changes is local.
class LocalPointers {
public:
  explicit LocalPointers(llvm::Module& m) {
    for (llvm::Function& f : m) {
      if (f.isDeclaration() || !f.hasLocalLinkage() || !onlyCalledDirectly(f)) continue;
      for (llvm::Argument& a : f.args())
        // A byval argument is the callee's own copy, in .param space, which NVPTX lowers itself.
        if (isGenericPointer(a.getType()) && !a.hasPassPointeeByValueCopyAttr() && !a.hasByRefAttr())
          args_.insert(&a);
      if (isGenericPointer(f.getReturnType())) returns_.insert(&f);
    }
  }

  void solve() {
    for (bool changed = true; changed;) {
      changed = false;
      for (auto it = args_.begin(); it != args_.end();) {
        if (argumentAlwaysLocal(**it)) ++it;
        else it = args_.erase(it), changed = true;
      }
      for (auto it = returns_.begin(); it != returns_.end();) {
        if (returnsAlwaysLocal(**it)) ++it;
        else it = returns_.erase(it), changed = true;
      }
    }
  }

  const std::set<llvm::Argument*>& arguments() const { return args_; }
  const std::set<llvm::Function*>& returns() const { return returns_; }

private:
  static bool isGenericPointer(llvm::Type* t) { return t->isPointerTy() && t->getPointerAddressSpace() == kGenericSpace; }

  static bool onlyCalledDirectly(llvm::Function& f) {
    for (llvm::Use& u : f.uses()) {
      auto* call = llvm::dyn_cast<llvm::CallBase>(u.getUser());
      if (!call || !call->isCallee(&u) || call->getFunctionType() != f.getFunctionType()) return false;
    }
    return true;
  }

  bool argumentAlwaysLocal(llvm::Argument& a) {
    for (llvm::Use& u : a.getParent()->uses()) {
      auto* call = llvm::cast<llvm::CallBase>(u.getUser());
      std::set<llvm::Value*> seen;
      if (!isLocal(call->getArgOperand(a.getArgNo()), seen)) return false;
    }
    return true;
  }

  bool returnsAlwaysLocal(llvm::Function& f) {
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&i)) {
        std::set<llvm::Value*> seen;
        if (!isLocal(ret->getReturnValue(), seen)) return false;
      }
    return true;
  }

  // Whether a generic pointer is derived from local memory, as far as the
  // current assumptions go.
  bool isLocal(llvm::Value* v, std::set<llvm::Value*>& seen) {
    if (!seen.insert(v).second) return true; // a cycle through phis adds nothing
    if (llvm::isa<llvm::AllocaInst>(v)) return true; // NVPTX's allocas are local memory, whatever their type says
    if (auto* cast = llvm::dyn_cast<llvm::AddrSpaceCastOperator>(v))
      return cast->getSrcAddressSpace() == kLocalSpace;
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(v)) return isLocal(gep->getPointerOperand(), seen);
    if (auto* phi = llvm::dyn_cast<llvm::PHINode>(v)) {
      for (llvm::Value* in : phi->incoming_values())
        if (!isLocal(in, seen)) return false;
      return true;
    }
    if (auto* sel = llvm::dyn_cast<llvm::SelectInst>(v))
      return isLocal(sel->getTrueValue(), seen) && isLocal(sel->getFalseValue(), seen);
    if (auto* arg = llvm::dyn_cast<llvm::Argument>(v)) return args_.count(arg) != 0;
    if (auto* call = llvm::dyn_cast<llvm::CallBase>(v)) {
      auto* callee = call->getCalledFunction();
      return callee && returns_.count(callee) != 0;
    }
    return false;
  }

  std::set<llvm::Argument*> args_;
  std::set<llvm::Function*> returns_;
};

} // namespace

void useAsLocal(llvm::Value* v, llvm::Instruction* at) {
  llvm::IRBuilder<> b(at);
  llvm::Value* local = b.CreateAddrSpaceCast(v, llvm::PointerType::get(v->getContext(), kLocalSpace));
  llvm::Value* generic = b.CreateAddrSpaceCast(local, v->getType());
  // A lifetime marker takes the alloca itself (LLVM's verifier says so).
  v->replaceUsesWithIf(generic, [&](llvm::Use& u) {
    return u.getUser() != local && !llvm::isa<llvm::LifetimeIntrinsic>(u.getUser());
  });
}

int localizeArguments(llvm::Module& m, llvm::TargetMachine& tm) {
  LocalPointers pointers(m);
  pointers.solve();
  std::set<llvm::Function*> changed;
  for (llvm::Argument* a : pointers.arguments()) {
    if (a->use_empty()) continue;
    useAsLocal(a, &*a->getParent()->getEntryBlock().getFirstInsertionPt());
    changed.insert(a->getParent());
  }
  for (llvm::Function* f : pointers.returns())
    for (llvm::Use& u : llvm::make_early_inc_range(f->uses())) {
      auto* call = llvm::cast<llvm::CallBase>(u.getUser());
      if (call->use_empty() || !llvm::isa<llvm::CallInst>(call)) continue;
      useAsLocal(call, call->getNextNode());
      changed.insert(call->getFunction());
    }
  if (changed.empty()) return 0;
  runFunctionPasses(m, tm, changed, [](llvm::FunctionPassManager& fpm) {
    fpm.addPass(llvm::InferAddressSpacesPass());
    fpm.addPass(llvm::InstCombinePass());
  });
  return (int)(pointers.arguments().size() + pointers.returns().size());
}

} // namespace circle
