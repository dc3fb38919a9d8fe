#include "targets/nvptx/object_alignment.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

namespace circle {
namespace {

// What the accesses reached from an address need: the widest alignment they claim,
// and whether the address goes where they cannot be seen (stored in memory, as a
// lambda's captures are; to a function the module does not define; into an integer).
struct Need {
  llvm::Align align{1};
  bool escapes = false;
  void widen(llvm::MaybeAlign a) {
    if (a && *a > align) align = *a;
  }
  void join(const Need& other) {
    widen(other.align);
    escapes |= other.escapes;
  }
  bool operator!=(const Need& other) const { return align != other.align || escapes != other.escapes; }
};

// What each pointer argument of a defined function needs of the objects passed to it.
using ArgumentNeeds = llvm::DenseMap<const llvm::Argument*, Need>;

// Whether `u` only lists the object for the tools (llvm.used, llvm.compiler.used,
// llvm.global.annotations), through the constant arrays and structs that hold it, or is
// a constant nothing uses any more (LLVM keeps dead constants until the context goes).
bool listedOnly(const llvm::User* u) {
  if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(u)) return g->getName().starts_with("llvm.");
  if (!llvm::isa<llvm::ConstantAggregate>(u)) return false;
  return llvm::all_of(u->users(), listedOnly);
}

Need neededBy(const llvm::Value* root, const ArgumentNeeds& arguments) {
  Need need;
  llvm::SmallPtrSet<const llvm::Value*, 16> seen{root};
  llvm::SmallVector<const llvm::Value*, 16> work{root};
  auto follow = [&](const llvm::Value* derived) {
    if (seen.insert(derived).second) work.push_back(derived);
  };
  while (!work.empty()) {
    const llvm::Value* v = work.pop_back_val();
    for (const llvm::Use& use : v->uses()) {
      const llvm::User* u = use.getUser();
      unsigned operand = use.getOperandNo();
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(u)) {
        need.widen(load->getAlign());
      } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(u)) {
        if (operand == store->getPointerOperandIndex()) need.widen(store->getAlign());
        else need.escapes = true; // the address itself is stored
      } else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(u)) {
        if (operand == rmw->getPointerOperandIndex()) need.widen(rmw->getAlign());
        else need.escapes = true;
      } else if (auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(u)) {
        if (operand == cas->getPointerOperandIndex()) need.widen(cas->getAlign());
        else need.escapes = true;
      } else if (auto* mem = llvm::dyn_cast<llvm::MemIntrinsic>(u)) {
        if (operand == 0) need.widen(mem->getDestAlign());
        else if (auto* copy = llvm::dyn_cast<llvm::MemTransferInst>(mem); copy && operand == 1)
          need.widen(copy->getSourceAlign());
      } else if (llvm::isa<llvm::IntrinsicInst>(u)) {
        // lifetime markers, NVVM's address-space queries: no access through it
      } else if (auto* call = llvm::dyn_cast<llvm::CallBase>(u)) {
        if (!call->isArgOperand(&use)) {
          need.escapes = true;
          continue;
        }
        unsigned i = call->getArgOperandNo(&use);
        if (call->isByValArgument(i)) {
          need.widen(call->getParamAlign(i));
          continue;
        }
        const llvm::Function* callee = call->getCalledFunction();
        auto it = callee && !callee->isDeclaration() && i < callee->arg_size() ? arguments.find(callee->getArg(i))
                                                                              : arguments.end();
        if (it != arguments.end()) need.join(it->second);
        else need.escapes = true; // inline asm, a declaration, a call through a pointer
      } else if (llvm::isa<llvm::GEPOperator>(u) || llvm::isa<llvm::BitCastOperator>(u) ||
                 llvm::isa<llvm::AddrSpaceCastOperator>(u) || llvm::isa<llvm::PHINode>(u) ||
                 llvm::isa<llvm::SelectInst>(u)) {
        follow(u);
      } else if (!llvm::isa<llvm::ICmpInst>(u) && !listedOnly(u)) {
        need.escapes = true; // ptrtoint, a return, an aggregate...
      }
    }
  }
  return need;
}

// Each pointer argument's need, including what it passes on to the functions it is
// given to: raised until nothing changes (needs only grow: alignments are bounded by the
// widest access in the module, and an escape stays one).
ArgumentNeeds argumentNeeds(const llvm::Module& m) {
  ArgumentNeeds needs;
  for (bool changed = true; changed;) {
    changed = false;
    for (const llvm::Function& f : m) {
      if (f.isDeclaration()) continue;
      for (const llvm::Argument& a : f.args()) {
        if (!a.getType()->isPointerTy()) continue;
        Need need = neededBy(&a, needs);
        need.widen(a.getParamAlign());
        Need& known = needs[&a];
        Need joined = known;
        joined.join(need);
        if (joined != known) {
          known = joined;
          changed = true;
        }
      }
    }
  }
  return needs;
}

// An object whose address goes where its accesses cannot be seen may be read with the
// widest access its size admits (an int4 load of a 16-byte array): it is aligned for
// that, up to the 16 bytes of PTX's widest load.
llvm::Align required(const Need& need, uint64_t bytes) {
  llvm::Align a = need.align;
  if (need.escapes && bytes) a = std::max(a, llvm::Align(std::min<uint64_t>(16, llvm::bit_floor(bytes))));
  return a;
}

} // namespace

int alignObjectsForTheirAccesses(llvm::Module& m) {
  ArgumentNeeds arguments = argumentNeeds(m);
  const llvm::DataLayout& dl = m.getDataLayout();
  int raised = 0;
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    for (llvm::Instruction& i : llvm::instructions(f)) {
      auto* object = llvm::dyn_cast<llvm::AllocaInst>(&i);
      if (!object) continue;
      std::optional<llvm::TypeSize> size = object->getAllocationSize(dl);
      llvm::Align need = required(neededBy(object, arguments), size && !size->isScalable() ? size->getFixedValue() : 0);
      if (need <= object->getAlign()) continue;
      object->setAlignment(need);
      ++raised;
    }
  }
  for (llvm::GlobalVariable& g : m.globals()) {
    // Declared ones (extern __shared__, another object's variables) are laid out elsewhere.
    if (g.isDeclaration() || g.getName().starts_with("llvm.")) continue;
    llvm::Align need = required(neededBy(&g, arguments), dl.getTypeAllocSize(g.getValueType()));
    if (need <= dl.getPreferredAlign(&g)) continue;
    g.setAlignment(need);
    ++raised;
  }
  return raised;
}

} // namespace circle
