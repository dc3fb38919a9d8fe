#include "targets/nvptx/restricted_reads.h"

#include "targets/llvm_pipeline.h"
#include "targets/nvptx/device_link.h"
#include "targets/nvptx/local_arguments.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Transforms/IPO/FunctionAttrs.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace circle {
namespace {

// The inliner names the alias scope of a noalias parameter "<function>: %<name>".
constexpr llvm::StringLiteral kReadOnlyName = "circle.restricted.read";

// Whether no pointer derived from an argument is written through, stored, turned into
// an integer, returned or handed to a call that may do any of these.
class ReadOnlyArguments {
public:
  bool readOnly(llvm::Argument& arg) {
    auto [it, fresh] = known_.try_emplace(&arg, false);
    if (!fresh) return it->second;  // false while its own walk is under way (recursion)
    bool result = walk(arg);
    known_[&arg] = result;
    return result;
  }

private:
  bool callReadsOnly(llvm::CallBase& call, llvm::Use& use) {
    if (!call.isArgOperand(&use)) return false;
    unsigned n = call.getArgOperandNo(&use);
    if (auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&call))
      if (intrinsic->isAssumeLikeIntrinsic()) return true;
    llvm::Function* callee = call.getCalledFunction();
    // A weak definition another object may replace is known by its attributes only.
    if (callee && !callee->isDeclaration() && !callee->isInterposable() && n < callee->arg_size() &&
        !call.isMustTailCall())
      return readOnly(*callee->getArg(n));
    return call.onlyReadsMemory(n) && call.doesNotCapture(n);
  }

  bool walk(llvm::Argument& arg) {
    llvm::SmallPtrSet<llvm::Value*, 32> reached{&arg};
    std::vector<llvm::Value*> work{&arg};
    while (!work.empty()) {
      llvm::Value* v = work.back();
      work.pop_back();
      for (llvm::Use& use : v->uses()) {
        auto* user = llvm::cast<llvm::Instruction>(use.getUser());
        if (llvm::isa<llvm::LoadInst, llvm::ICmpInst>(user)) continue;  // read through, or compared
        if (auto* call = llvm::dyn_cast<llvm::CallBase>(user)) {
          if (!callReadsOnly(*call, use)) return false;
          continue;
        }
        bool derives = llvm::isa<llvm::BitCastInst, llvm::AddrSpaceCastInst, llvm::PHINode>(user);
        if (auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(user)) derives = gep->getPointerOperand() == v;
        if (auto* select = llvm::dyn_cast<llvm::SelectInst>(user)) derives = select->getCondition() != v;
        if (!derives) return false;
        if (reached.insert(user).second) work.push_back(user);
      }
    }
    return true;
  }

  std::map<llvm::Argument*, bool> known_;
};

// The always-inliner inlines each function into its callers in the module's order, so
// a helper may be inlined into a caller before the helper's own helpers are inlined
// into it; the call left in the caller's copy mixes the restrict pointer with others
// (`get_int(block->qs, i)` passes `&i` too) and gets no alias scope, nor do the loads
// inlined in its place later. Inlined into their caller first, they read through the
// restrict pointer itself.
void inlineAlwaysInlineCallees(llvm::Function& f) {
  std::vector<llvm::CallBase*> work;
  auto collect = [&](auto&& calls) {
    for (auto* call : calls)
      if (auto* base = llvm::dyn_cast<llvm::CallBase>(call))
        if (llvm::Function* callee = base->getCalledFunction())
          if (callee != &f && !callee->isDeclaration() && callee->hasFnAttribute(llvm::Attribute::AlwaysInline))
            work.push_back(base);
  };
  std::vector<llvm::Instruction*> calls;
  for (llvm::Instruction& i : llvm::instructions(f))
    if (llvm::isa<llvm::CallBase>(i)) calls.push_back(&i);
  collect(calls);
  // Always-inline recursion is the always-inliner's to refuse.
  for (int budget = 256; !work.empty() && budget > 0; --budget) {
    llvm::CallBase* call = work.back();
    work.pop_back();
    if (!llvm::isInlineViable(*call->getCalledFunction()).isSuccess()) continue;
    llvm::InlineFunctionInfo info;
    if (!llvm::InlineFunction(*call, info, /*MergeAttributes=*/true).isSuccess()) continue;
    collect(info.InlinedCallSites);
  }
}

// Before the always-inliner: every function's noalias parameters, read only.
struct NameReadOnlyRestrictParameters : llvm::PassInfoMixin<NameReadOnlyRestrictParameters> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&) {
    ReadOnlyArguments analysis;
    std::vector<llvm::Function*> named;
    llvm::LLVMContext& context = m.getContext();
    bool discard = context.shouldDiscardValueNames();
    // Clang's code generation discards value names; this one is read by the inliner.
    context.setDiscardValueNames(false);
    for (llvm::Function& f : m) {
      if (f.isDeclaration() || isKernel(f)) continue;
      bool any = false;
      for (llvm::Argument& arg : f.args())
        if (arg.getType()->isPointerTy() && arg.hasNoAliasAttr() && !arg.hasByValAttr() &&
            !arg.hasStructRetAttr() && analysis.readOnly(arg)) {
          arg.setName(kReadOnlyName);
          any = true;
        }
      if (any) named.push_back(&f);
    }
    context.setDiscardValueNames(discard);
    for (llvm::Function* f : named) inlineAlwaysInlineCallees(*f);
    return named.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
  }
};

bool inReadOnlyScope(const llvm::LoadInst& load) {
  const llvm::MDNode* scopes = load.getMetadata(llvm::LLVMContext::MD_alias_scope);
  if (!scopes) return false;
  for (const llvm::MDOperand& scope : scopes->operands())
    if (auto* node = llvm::dyn_cast<llvm::MDNode>(scope.get()))
      for (const llvm::MDOperand& part : node->operands())
        if (auto* name = llvm::dyn_cast_or_null<llvm::MDString>(part.get()))
          if (name->getString().contains((": %" + kReadOnlyName).str())) return true;
  return false;
}

// The one object `pointer` points into, or null when it may be one of several or one
// that cannot be named (a phi LLVM's walk stopped at).
const llvm::Value* objectOf(const llvm::Value* pointer) {
  llvm::SmallVector<const llvm::Value*, 4> objects;
  llvm::getUnderlyingObjects(pointer, objects, nullptr, 0);
  if (objects.size() != 1 || llvm::isa<llvm::PHINode, llvm::SelectInst>(objects[0])) return nullptr;
  return objects[0];
}

bool asmClobbersMemory(const llvm::CallBase& call) {
  auto* assembly = llvm::cast<llvm::InlineAsm>(call.getCalledOperand());
  for (const llvm::InlineAsm::ConstraintInfo& c : assembly->ParseConstraints())
    if (c.isIndirect || (c.Type == llvm::InlineAsm::isClobber && llvm::is_contained(c.Codes, "{memory}")))
      return true;
  return false;
}

// Inline assembly writes memory only where it says so: a "memory" clobber, a memory
// operand, or an address it is given (ggml's dp4a and cvt are `asm volatile`).
bool asmMayWrite(const llvm::CallBase& call) {
  return asmClobbersMemory(call) || llvm::any_of(call.args(), [](const llvm::Value* arg) {
           return arg->getType()->isPointerTy() || llvm::isa<llvm::PtrToIntInst>(arg);
         });
}

// What a kernel writes through: the objects of its stores and of the pointers its
// intrinsics and inline assembly take; calls to functions that stay calls are asked
// of alias analysis per load.
struct KernelWrites {
  llvm::SmallPtrSet<const llvm::Value*, 16> objects;
  bool unknown = false;
  std::vector<llvm::CallBase*> calls;

  void add(const llvm::Value* pointer) {
    llvm::SmallVector<const llvm::Value*, 4> found;
    llvm::getUnderlyingObjects(pointer, found, nullptr, 0);
    for (const llvm::Value* o : found) {
      // A pointer made from an integer, or returned by a call, may be any other.
      if (!llvm::isa<llvm::Argument, llvm::GlobalValue, llvm::AllocaInst, llvm::LoadInst>(o)) unknown = true;
      objects.insert(o);
    }
  }

  explicit KernelWrites(llvm::Function& f) {
    for (llvm::Instruction& i : llvm::instructions(f)) {
      if (!i.mayWriteToMemory()) continue;
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i))
        add(store->getPointerOperand());
      else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i))
        add(rmw->getPointerOperand());
      else if (auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i))
        add(cas->getPointerOperand());
      else if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i)) {
        if (!llvm::isa<llvm::IntrinsicInst>(call) && !call->isInlineAsm()) {
          calls.push_back(call);
          continue;
        }
        // Assembly that may write memory and takes operands may have been given an
        // address computed as an integer.
        if (call->isInlineAsm() && call->arg_size() > 0 && asmClobbersMemory(*call)) unknown = true;
        for (llvm::Value* arg : call->args()) {
          if (auto* cast = llvm::dyn_cast<llvm::PtrToIntInst>(arg)) arg = cast->getPointerOperand();
          if (arg->getType()->isPointerTy()) add(arg);
        }
      } else if (!llvm::isa<llvm::FenceInst>(&i))
        unknown = true;
    }
  }
};

bool onChip(const llvm::Value* object) {
  if (llvm::isa<llvm::AllocaInst>(object)) return true;
  auto* global = llvm::dyn_cast<llvm::GlobalVariable>(object);
  return global && (global->getAddressSpace() == kSharedSpace || global->getAddressSpace() == kLocalSpace);
}

// A block's writes the code generator orders with a load, and each store's objects;
// assembly that writes nothing and intrinsics without an address are left out (barriers
// write nothing a load reads). Found once per block.
struct BlockWrites {
  std::vector<std::pair<llvm::Instruction*, llvm::SmallVector<const llvm::Value*, 4>>> writes;
  explicit BlockWrites(llvm::BasicBlock& block) {
    for (llvm::Instruction& i : block) {
      if (!i.mayWriteToMemory()) continue;
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i)) {
        if (call->isInlineAsm() && !asmMayWrite(*call)) continue;
        if (llvm::isa<llvm::IntrinsicInst>(call) &&
            llvm::none_of(call->args(), [](const llvm::Value* a) { return a->getType()->isPointerTy(); }))
          continue;
      }
      llvm::SmallVector<const llvm::Value*, 4> objects;
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i))
        llvm::getUnderlyingObjects(store->getPointerOperand(), objects, nullptr, 0);
      writes.push_back({&i, std::move(objects)});
    }
  }
};

// Whether the code generator could put `load` (reading `object`) after a write to its
// memory, or that write after `load`, within their block: instructions that use the
// load's value are ordered after it, the rest of the block is not. A store to another
// parameter or variable is to another object (as above); no shared or local store
// reaches a kernel parameter's memory or a global variable's.
bool mayBeReorderedWithAWrite(llvm::LoadInst& load, const llvm::Value* object, const BlockWrites& block,
                              llvm::AAResults& aa) {
  llvm::MemoryLocation location = llvm::MemoryLocation::get(&load);
  bool inGlobal = !llvm::isa<llvm::LoadInst>(object);
  auto elsewhere = [&](const llvm::Value* o) {
    return (inGlobal && onChip(o)) || (o != object && llvm::isa<llvm::Argument, llvm::GlobalVariable>(o) &&
                                       llvm::isa<llvm::Argument, llvm::GlobalVariable>(object));
  };
  // What uses the load's value in its block, found only if a write after it is in question.
  std::optional<llvm::SmallPtrSet<const llvm::Value*, 16>> dependents;
  auto dependsOnLoad = [&](llvm::Instruction* write) {
    if (!dependents) {
      dependents.emplace();
      dependents->insert(&load);
      for (llvm::Instruction* i = load.getNextNode(); i; i = i->getNextNode())
        if (llvm::any_of(i->operands(), [&](const llvm::Use& u) { return dependents->count(u.get()) > 0; }))
          dependents->insert(i);
    }
    return dependents->count(write) > 0;
  };
  for (const auto& [write, objects] : block.writes) {
    if (llvm::isa<llvm::StoreInst>(write) && llvm::all_of(objects, elsewhere)) continue;
    if (load.comesBefore(write) && dependsOnLoad(write)) continue;
    if (llvm::isModSet(aa.getModRefInfo(write, location))) return true;
  }
  return false;
}

// Whether two objects may be one: the same value, or pointers loaded from the same
// place (a parameter block's field loaded twice). Pointers loaded from two fields of one
// object, or from two parameters, are two objects, as nvcc takes them.
bool sameObject(const llvm::Value* a, const llvm::Value* b, const llvm::DataLayout& layout) {
  if (a == b) return true;
  auto* la = llvm::dyn_cast<llvm::LoadInst>(a);
  auto* lb = llvm::dyn_cast<llvm::LoadInst>(b);
  if (!la || !lb) return false;
  const llvm::Value* from = objectOf(la->getPointerOperand());
  const llvm::Value* fromB = objectOf(lb->getPointerOperand());
  if (!from || !fromB) return true;
  if (from != fromB) return false;
  int64_t offsetA = 0, offsetB = 0;
  const llvm::Value* baseA = llvm::GetPointerBaseWithConstantOffset(la->getPointerOperand(), offsetA, layout);
  const llvm::Value* baseB = llvm::GetPointerBaseWithConstantOffset(lb->getPointerOperand(), offsetB, layout);
  return baseA != baseB || baseA != from || offsetA == offsetB;
}

bool globalObject(const llvm::Value* object) {
  return llvm::isa<llvm::Argument, llvm::LoadInst>(object) ||
         (llvm::isa<llvm::GlobalVariable>(object) && !onChip(object));
}

struct MarkRestrictedReads : llvm::PassInfoMixin<MarkRestrictedReads> {
  int& marked;
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
    // In a kernel every write of the thread is in view (or in a call alias analysis sees).
    if (f.isDeclaration() || !isKernel(f)) return llvm::PreservedAnalyses::all();
    std::vector<llvm::LoadInst*> candidates;
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i))
        if (load->isSimple() && inReadOnlyScope(*load)) candidates.push_back(load);
    if (candidates.empty()) return llvm::PreservedAnalyses::all();
    KernelWrites writes(f);
    if (writes.unknown) return llvm::PreservedAnalyses::all();
    llvm::AAResults& aa = fam.getResult<llvm::AAManager>(f);
    const llvm::DataLayout& layout = f.getDataLayout();
    std::map<llvm::BasicBlock*, std::unique_ptr<BlockWrites>> blocks;
    for (llvm::LoadInst* load : candidates) {
      const llvm::Value* object = objectOf(load->getPointerOperand());
      if (!object || !globalObject(object) ||
          llvm::any_of(writes.objects, [&](const llvm::Value* w) { return sameObject(w, object, layout); }))
        continue;
      // The back end hoists and merges dereferenceable invariant loads across blocks.
      if (llvm::isDereferenceablePointer(load->getPointerOperand(), load->getType(), layout)) continue;
      llvm::MemoryLocation location = llvm::MemoryLocation::get(load);
      if (llvm::any_of(writes.calls, [&](llvm::CallBase* c) { return llvm::isModSet(aa.getModRefInfo(c, location)); }))
        continue;
      auto [block, fresh] = blocks.try_emplace(load->getParent(), nullptr);
      if (fresh) block->second = std::make_unique<BlockWrites>(*load->getParent());
      if (mayBeReorderedWithAWrite(*load, object, *block->second, aa)) continue;
      load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(f.getContext(), {}));
      ++marked;
    }
    return llvm::PreservedAnalyses::all();
  }
};

} // namespace

void addRestrictedReadScopes(llvm::PassBuilder& pb, int optLevel) {
  if (optLevel == 0) return;
  pb.registerPipelineEarlySimplificationEPCallback(
      [](llvm::ModulePassManager& mpm, llvm::OptimizationLevel, llvm::ThinOrFullLTOPhase) {
        // What each function reads and writes, known before the always-inliner runs: a
        // call that reads only through its arguments keeps its pointer's scope in the
        // inliner's metadata, and so do the loads inlined into its place later.
        mpm.addPass(llvm::createModuleToPostOrderCGSCCPassAdaptor(llvm::PostOrderFunctionAttrsPass()));
        mpm.addPass(NameReadOnlyRestrictParameters());
      });
}

int readRestrictedDataAsInvariant(llvm::Module& m, llvm::TargetMachine& tm) {
  int marked = 0;
  runModulePasses(m, &tm, [&](llvm::PassBuilder&) {
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(MarkRestrictedReads{{}, marked}));
    return mpm;
  });
  return marked;
}

} // namespace circle
