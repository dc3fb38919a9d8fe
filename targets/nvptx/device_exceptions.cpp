#include "targets/nvptx/device_exceptions.h"

#include "targets/nvptx/device_link.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Transforms/Utils/Local.h"

#include <set>

namespace circle {
namespace {

// The prelude's marker at the start of each typed handler (codegen/device_rtti_sites.cpp).
constexpr const char* kHandlerMarker = "__circle_eh_handler_type";

llvm::Function* calleeOf(const llvm::Instruction& i) {
  auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
  return call ? call->getCalledFunction() : nullptr;
}

bool calls(const llvm::Instruction& i, llvm::StringRef name) {
  llvm::Function* f = calleeOf(i);
  return f && f->getName() == name;
}

bool isThrowEntry(const llvm::Function* f) {
  return f && (f->getName() == "__cxa_throw" || f->getName() == "__cxa_rethrow");
}

// The runtime's exception machinery: never instrumented, never said to throw.
bool isRuntime(const llvm::Function& f) {
  llvm::StringRef name = f.getName();
  return name.starts_with("__circle_eh_") || name.starts_with("__cxa_") || name == "_ZSt9terminatev" ||
         name == "__clang_call_terminate";
}

// Where control goes from `bb` without an exception: an invoke's normal destination,
// else every successor.
llvm::SmallVector<llvm::BasicBlock*, 2> normalSuccessors(llvm::BasicBlock* bb) {
  if (auto* invoke = llvm::dyn_cast<llvm::InvokeInst>(bb->getTerminator())) return {invoke->getNormalDest()};
  return {llvm::succ_begin(bb), llvm::succ_end(bb)};
}

// Whether the handler `begin` starts can finish: a return is reached along normal
// edges before any rethrow or terminate. Cleanups that rethrow (libstdc++'s
// catch (...) { ...; throw; }) and noexcept functions' terminate pads cannot.
bool handlerFinishes(llvm::CallBase& begin) {
  auto stops = [](const llvm::Instruction& i) {
    return calls(i, "__cxa_rethrow") || calls(i, "_ZSt9terminatev") || calls(i, "__clang_call_terminate");
  };
  llvm::SmallPtrSet<llvm::BasicBlock*, 32> seen;
  llvm::SmallVector<std::pair<llvm::BasicBlock*, llvm::BasicBlock::iterator>, 8> work{
      {begin.getParent(), std::next(begin.getIterator())}};
  while (!work.empty()) {
    auto [bb, it] = work.pop_back_val();
    if (std::any_of(it, bb->end(), stops)) continue;
    if (llvm::isa<llvm::ReturnInst>(bb->getTerminator())) return true;
    for (llvm::BasicBlock* next : normalSuccessors(bb))
      if (seen.insert(next).second) work.push_back({next, next->begin()});
  }
  return false;
}

bool reachesFinishingHandler(llvm::Module& m) {
  std::set<llvm::Function*> checked;
  for (llvm::Function& k : m) {
    if (!isKernel(k) || k.isDeclaration()) continue;
    for (llvm::Function* f : functionsReachedFrom(k)) {
      if (f->isDeclaration() || isRuntime(*f) || !checked.insert(f).second) continue;
      for (llvm::Instruction& i : llvm::instructions(*f))
        if (calls(i, "__cxa_begin_catch") && handlerFinishes(llvm::cast<llvm::CallBase>(i))) return true;
    }
  }
  return false;
}

} // namespace

bool Throwers::mayThrow(const llvm::CallBase& call) const {
  if (call.isInlineAsm()) return false;
  llvm::Function* callee = call.getCalledFunction();
  return callee ? functions.count(callee) != 0 : indirect;
}

namespace {

// libstdc++'s out-of-line throw helpers, before the runtime that defines them is linked.
bool isLibraryThrower(const llvm::Function& f) {
  return f.isDeclaration() && f.getName().starts_with("_ZSt") && f.getName().contains("__throw_");
}

} // namespace

// A function may throw out if it resumes, throws or calls (not invokes) one that
// may; a call through a pointer may if any function whose address is taken may.
Throwers findThrowers(llvm::Module& m) {
  Throwers t;
  for (llvm::Function& f : m)
    if (isLibraryThrower(f)) t.functions.insert(&f);
  auto throwsOut = [&](llvm::Function& f) {
    for (llvm::Instruction& i : llvm::instructions(f)) {
      if (llvm::isa<llvm::ResumeInst>(i)) return true;
      auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
      if (call && (isThrowEntry(call->getCalledFunction()) || t.mayThrow(*call))) return true;
    }
    return false;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (llvm::Function& f : m)
      if (!f.isDeclaration() && !isRuntime(f) && !t.functions.count(&f) && throwsOut(f)) {
        t.functions.insert(&f);
        changed = true;
      }
    bool indirect = llvm::any_of(t.functions, [](llvm::Function* f) { return f->hasAddressTaken(); });
    changed = changed || indirect != t.indirect;
    t.indirect = indirect;
  }
  return t;
}

namespace {

// What the lowered code calls (libdevice-c/runtime/catch.cpp).
struct Runtime {
  explicit Runtime(llvm::Module& m) {
    llvm::LLVMContext& c = m.getContext();
    auto* ptr = llvm::PointerType::get(c, 0);
    auto* v = llvm::Type::getVoidTy(c);
    auto* i1 = llvm::Type::getInt1Ty(c);
    auto get = [&](const char* name, llvm::Type* result, llvm::ArrayRef<llvm::Type*> params) {
      return m.getOrInsertFunction(name, llvm::FunctionType::get(result, params, false));
    };
    enter = get("__circle_eh_enter", v, {});
    pending = get("__circle_eh_pending", i1, {});
    raise = get("__circle_eh_raise", v, {ptr, ptr, ptr});
    rethrow = get("__circle_eh_rethrow", v, {});
    land = get("__circle_eh_land", ptr, {});
    resume = get("__circle_eh_resume", v, {});
    catches = get("__circle_eh_catches", i1, {ptr});
    uncaught = get("__circle_eh_uncaught", v, {});
  }
  llvm::FunctionCallee enter, pending, raise, rethrow, land, resume, catches, uncaught;
};

// Return attributes a function that returns early with an exception pending breaks:
// it returns a zero it never computed. `f` is a function or a call.
template <class FunctionOrCall> void dropReturnPromises(FunctionOrCall& f) {
  llvm::AttributeMask promises;
  for (auto kind : {llvm::Attribute::NoUndef, llvm::Attribute::NonNull, llvm::Attribute::Dereferenceable,
                    llvm::Attribute::DereferenceableOrNull, llvm::Attribute::Alignment, llvm::Attribute::Range})
    promises.addAttribute(kind);
  llvm::LLVMContext& c = f.getContext();
  f.setAttributes(f.getAttributes().removeRetAttributes(c, promises).removeFnAttribute(c, llvm::Attribute::NoReturn));
}

class Lowering {
public:
  explicit Lowering(llvm::Module& m) : m_(m), rt_(m), throwers_(findThrowers(m)) {}

  void run() {
    // First, so no cleanup of one function's unreachable code (removeUnreachableBlocks
    // cuts what follows a call to a noreturn function) trusts another's old promises.
    for (llvm::Function* f : throwers_.functions) dropReturnPromises(*f);
    for (llvm::Function& f : m_)
      if (!f.isDeclaration() && !isRuntime(f)) lower(f);
  }

private:
  bool mayThrow(const llvm::CallBase& call) const { return throwers_.mayThrow(call); }

  void lower(llvm::Function& f) {
    propagate_ = nullptr;
    rewriteTypeTests(f);
    std::vector<llvm::Instruction*> work;
    for (llvm::Instruction& i : llvm::instructions(f))
      if (llvm::isa<llvm::CallBase>(i) || llvm::isa<llvm::LandingPadInst>(i) || llvm::isa<llvm::ResumeInst>(i))
        work.push_back(&i);
    for (llvm::Instruction* i : work) {
      if (auto* pad = llvm::dyn_cast<llvm::LandingPadInst>(i)) lowerLandingPad(*pad);
      else if (auto* resume = llvm::dyn_cast<llvm::ResumeInst>(i)) lowerResume(*resume);
      else if (auto* invoke = llvm::dyn_cast<llvm::InvokeInst>(i)) lowerInvoke(*invoke);
      else lowerCall(*llvm::cast<llvm::CallInst>(i));
    }
    if (isKernel(f)) llvm::IRBuilder<>(&*f.getEntryBlock().getFirstInsertionPt()).CreateCall(rt_.enter);
    if (f.hasPersonalityFn()) f.setPersonalityFn(nullptr);
    llvm::removeUnreachableBlocks(f);
  }

  // Where an exception leaves the function: a kernel reports it; any other function
  // returns zero, and its callers' tests see the pending bit.
  llvm::BasicBlock* propagate(llvm::Function& f) {
    if (propagate_) return propagate_;
    propagate_ = llvm::BasicBlock::Create(f.getContext(), "eh.propagate", &f);
    llvm::IRBuilder<> b(propagate_);
    if (isKernel(f)) {
      b.CreateCall(rt_.uncaught);
      b.CreateUnreachable();
    } else if (f.getReturnType()->isVoidTy()) {
      b.CreateRetVoid();
    } else {
      b.CreateRet(llvm::Constant::getNullValue(f.getReturnType()));
    }
    return propagate_;
  }

  // __cxa_throw and __cxa_rethrow become the runtime's raise and rethrow.
  void emitThrow(llvm::CallBase& call, llvm::IRBuilder<>& b) {
    if (call.getCalledFunction()->getName() == "__cxa_throw")
      b.CreateCall(rt_.raise, {call.getArgOperand(0), call.getArgOperand(1), call.getArgOperand(2)});
    else
      b.CreateCall(rt_.rethrow);
  }

  void lowerCall(llvm::CallInst& call) {
    llvm::Function& f = *call.getFunction();
    llvm::BasicBlock* bb = call.getParent();
    if (isThrowEntry(call.getCalledFunction())) {
      llvm::IRBuilder<> b(&call);
      emitThrow(call, b);
      bb->splitBasicBlock(call.getIterator()); // what follows (unreachable) is left unreachable
      bb->getTerminator()->eraseFromParent();
      llvm::BranchInst::Create(propagate(f), bb);
      call.eraseFromParent();
      return;
    }
    if (!mayThrow(call)) return;
    dropReturnPromises(call);
    llvm::BasicBlock* rest = bb->splitBasicBlock(std::next(call.getIterator()));
    bb->getTerminator()->eraseFromParent();
    llvm::IRBuilder<> b(bb);
    b.CreateCondBr(b.CreateCall(rt_.pending), propagate(f), rest);
  }

  void lowerInvoke(llvm::InvokeInst& invoke) {
    llvm::BasicBlock* bb = invoke.getParent();
    llvm::BasicBlock* normal = invoke.getNormalDest();
    llvm::BasicBlock* unwind = invoke.getUnwindDest();
    if (isThrowEntry(invoke.getCalledFunction())) {
      llvm::IRBuilder<> b(&invoke);
      emitThrow(invoke, b);
      b.CreateBr(unwind);
      normal->removePredecessor(bb);
      invoke.eraseFromParent();
      return;
    }
    if (!mayThrow(invoke)) {
      llvm::changeToCall(&invoke);
      return;
    }
    llvm::SmallVector<llvm::Value*, 8> args(invoke.args());
    llvm::SmallVector<llvm::OperandBundleDef, 1> bundles;
    invoke.getOperandBundlesAsDefs(bundles);
    llvm::IRBuilder<> b(&invoke);
    llvm::CallInst* call = b.CreateCall(invoke.getFunctionType(), invoke.getCalledOperand(), args, bundles);
    call->takeName(&invoke);
    call->setCallingConv(invoke.getCallingConv());
    call->setAttributes(invoke.getAttributes());
    dropReturnPromises(*call);
    call->setDebugLoc(invoke.getDebugLoc());
    invoke.replaceAllUsesWith(call);
    b.CreateCondBr(b.CreateCall(rt_.pending), unwind, normal);
    invoke.eraseFromParent();
  }

  // { exception, selector }: the selector is never read once the type tests ask the runtime.
  void lowerLandingPad(llvm::LandingPadInst& pad) {
    llvm::IRBuilder<> b(&pad);
    llvm::Value* exception = b.CreateCall(rt_.land);
    llvm::Value* value = b.CreateInsertValue(llvm::PoisonValue::get(pad.getType()), exception, 0);
    value = b.CreateInsertValue(value, b.getInt32(0), 1);
    pad.replaceAllUsesWith(value);
    pad.eraseFromParent();
  }

  void lowerResume(llvm::ResumeInst& resume) {
    llvm::IRBuilder<> b(&resume);
    b.CreateCall(rt_.resume);
    b.CreateBr(propagate(*resume.getFunction()));
    resume.eraseFromParent();
  }

  // Clang's dispatch compares the selector with llvm.eh.typeid.for(type) for each
  // typed handler in turn; each comparison becomes the runtime's test of the
  // exception in flight against the handler's type, read from its marker.
  void rewriteTypeTests(llvm::Function& f) {
    std::vector<llvm::IntrinsicInst*> typeIds;
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i); ii && ii->getIntrinsicID() == llvm::Intrinsic::eh_typeid_for)
        typeIds.push_back(ii);
    for (llvm::IntrinsicInst* typeId : typeIds) {
      for (llvm::User* u : llvm::make_early_inc_range(typeId->users())) {
        auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(u);
        if (!cmp || !cmp->isEquality()) continue;
        llvm::BranchInst* br = nullptr;
        for (llvm::User* user : cmp->users())
          if (auto* b = llvm::dyn_cast<llvm::BranchInst>(user); b && b->isConditional()) br = b;
        bool equal = cmp->getPredicate() == llvm::CmpInst::ICMP_EQ;
        llvm::Value* type = br ? handlerType(br->getSuccessor(equal ? 0 : 1)) : nullptr;
        llvm::IRBuilder<> b(cmp);
        llvm::Value* test = type ? static_cast<llvm::Value*>(b.CreateCall(rt_.catches, {type})) : b.getFalse();
        if (!equal) test = b.CreateNot(test);
        cmp->replaceAllUsesWith(test);
        cmp->eraseFromParent();
      }
      typeId->replaceAllUsesWith(llvm::ConstantInt::get(typeId->getType(), 0));
      typeId->eraseFromParent();
    }
  }

  // The type_info a handler's marker names: the first marker on the handler's way in
  // (past __cxa_begin_catch and the catch parameter's initialisation).
  static llvm::Value* handlerType(llvm::BasicBlock* handler) {
    llvm::SmallPtrSet<llvm::BasicBlock*, 16> seen{handler};
    llvm::SmallVector<llvm::BasicBlock*, 16> work{handler};
    for (size_t i = 0; i < work.size() && i < 16; ++i) {
      for (llvm::Instruction& inst : *work[i])
        if (calls(inst, kHandlerMarker)) return llvm::cast<llvm::CallBase>(inst).getArgOperand(0);
      for (llvm::BasicBlock* next : normalSuccessors(work[i]))
        if (seen.insert(next).second) work.push_back(next);
    }
    return nullptr;
  }

  llvm::Module& m_;
  Runtime rt_;
  Throwers throwers_;
  llvm::BasicBlock* propagate_ = nullptr;
};

void strip(llvm::Module& m) {
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    std::vector<llvm::InvokeInst*> invokes;
    for (llvm::BasicBlock& bb : f)
      if (auto* invoke = llvm::dyn_cast<llvm::InvokeInst>(bb.getTerminator())) invokes.push_back(invoke);
    for (llvm::InvokeInst* invoke : invokes) llvm::changeToCall(invoke);
    if (!invokes.empty()) llvm::removeUnreachableBlocks(f);
    if (f.hasPersonalityFn()) f.setPersonalityFn(nullptr);
  }
}

void eraseMarkers(llvm::Module& m) {
  llvm::Function* marker = m.getFunction(kHandlerMarker);
  if (!marker) return;
  for (llvm::User* u : llvm::make_early_inc_range(marker->users()))
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(u)) call->eraseFromParent();
  if (marker->use_empty()) marker->eraseFromParent();
}

} // namespace

std::string linkExceptionIslands(llvm::Module& m, std::unique_ptr<llvm::Module> islands) {
  for (llvm::GlobalVariable& gv : islands->globals()) {
    gv.setComdat(nullptr);
    if (gv.isDeclaration() || gv.hasLocalLinkage() || !m.getNamedGlobal(gv.getName())) continue;
    gv.setInitializer(nullptr);
    gv.setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  // The linker merges no local symbols: a kernel's lambda or a static function is
  // made external on both sides for the link, and local again after it.
  std::vector<std::string> local;
  for (llvm::Function& f : *islands) {
    f.setComdat(nullptr);
    llvm::Function* own = m.getFunction(f.getName());
    if (f.isDeclaration() || !own || own->isDeclaration() || (!f.hasLocalLinkage() && !own->hasLocalLinkage())) continue;
    local.push_back(f.getName().str());
    f.setLinkage(llvm::GlobalValue::ExternalLinkage);
    own->setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  islands->getComdatSymbolTable().clear();
  islands->setDataLayout(m.getDataLayout());
  islands->setTargetTriple(m.getTargetTriple());
  if (llvm::Linker::linkModules(m, std::move(islands), llvm::Linker::Flags::OverrideFromSrc))
    return "linking the functions that say try into the device module failed (a circle bug)";
  for (const std::string& name : local)
    if (llvm::Function* f = m.getFunction(name)) f->setLinkage(llvm::GlobalValue::InternalLinkage);
  return {};
}

DeviceExceptionPlan planDeviceExceptions(llvm::Module& m) {
  if (llvm::none_of(m, [](const llvm::Function& f) { return !f.isDeclaration() && f.hasPersonalityFn(); }))
    return DeviceExceptionPlan::None;
  if (!reachesFinishingHandler(m)) return DeviceExceptionPlan::Strip;
  Runtime declared(m);
  return DeviceExceptionPlan::Lower;
}

void applyDeviceExceptions(llvm::Module& m, DeviceExceptionPlan plan) {
  if (plan == DeviceExceptionPlan::Strip) strip(m);
  if (plan == DeviceExceptionPlan::Lower) Lowering(m).run();
  eraseMarkers(m);
}

} // namespace circle
