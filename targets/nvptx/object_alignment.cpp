#include "targets/nvptx/object_alignment.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

namespace circle {
namespace {

// What each pointer argument of a defined function needs of the objects passed to it.
using ArgumentNeeds = llvm::DenseMap<const llvm::Argument*, llvm::Align>;

llvm::Align wider(llvm::Align a, llvm::MaybeAlign b) { return b && *b > a ? *b : a; }

// The widest alignment claimed by an access reached from `root`'s address.
llvm::Align neededBy(const llvm::Value* root, const ArgumentNeeds& arguments) {
  llvm::Align need(1);
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
        need = wider(need, load->getAlign());
      } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(u)) {
        if (operand == store->getPointerOperandIndex()) need = wider(need, store->getAlign());
      } else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(u)) {
        if (operand == rmw->getPointerOperandIndex()) need = wider(need, rmw->getAlign());
      } else if (auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(u)) {
        if (operand == cas->getPointerOperandIndex()) need = wider(need, cas->getAlign());
      } else if (auto* mem = llvm::dyn_cast<llvm::MemIntrinsic>(u)) {
        if (operand == 0) need = wider(need, mem->getDestAlign());
        else if (auto* copy = llvm::dyn_cast<llvm::MemTransferInst>(mem); copy && operand == 1)
          need = wider(need, copy->getSourceAlign());
      } else if (auto* call = llvm::dyn_cast<llvm::CallBase>(u)) {
        if (!call->isArgOperand(&use)) continue;
        unsigned i = call->getArgOperandNo(&use);
        if (call->isByValArgument(i)) {
          need = wider(need, call->getParamAlign(i));
          continue;
        }
        const llvm::Function* callee = call->getCalledFunction();
        if (!callee || callee->isDeclaration() || i >= callee->arg_size()) continue;
        auto it = arguments.find(callee->getArg(i));
        if (it != arguments.end()) need = wider(need, it->second);
      } else if (llvm::isa<llvm::GEPOperator>(u) || llvm::isa<llvm::BitCastOperator>(u) ||
                 llvm::isa<llvm::AddrSpaceCastOperator>(u) || llvm::isa<llvm::PHINode>(u) ||
                 llvm::isa<llvm::SelectInst>(u)) {
        follow(u);
      }
    }
  }
  return need;
}

// Each pointer argument's need, including what it passes on to the functions it is
// given to: raised until nothing changes (needs only grow, and are bounded by the
// widest access in the module).
ArgumentNeeds argumentNeeds(const llvm::Module& m) {
  ArgumentNeeds needs;
  for (bool changed = true; changed;) {
    changed = false;
    for (const llvm::Function& f : m) {
      if (f.isDeclaration()) continue;
      for (const llvm::Argument& a : f.args()) {
        if (!a.getType()->isPointerTy()) continue;
        llvm::Align need = wider(neededBy(&a, needs), a.getParamAlign());
        auto [it, fresh] = needs.try_emplace(&a, llvm::Align(1));
        if (need > it->second) {
          it->second = need;
          changed = true;
        }
      }
    }
  }
  return needs;
}

} // namespace

int alignObjectsForTheirAccesses(llvm::Module& m) {
  ArgumentNeeds arguments = argumentNeeds(m);
  int raised = 0;
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    for (llvm::Instruction& i : llvm::instructions(f)) {
      auto* object = llvm::dyn_cast<llvm::AllocaInst>(&i);
      if (!object) continue;
      llvm::Align need = neededBy(object, arguments);
      if (need <= object->getAlign()) continue;
      object->setAlignment(need);
      ++raised;
    }
  }
  for (llvm::GlobalVariable& g : m.globals()) {
    // Declared ones (extern __shared__, another object's variables) are laid out elsewhere.
    if (g.isDeclaration() || g.getName().starts_with("llvm.")) continue;
    llvm::Align need = neededBy(&g, arguments);
    if (need <= m.getDataLayout().getPreferredAlign(&g)) continue;
    g.setAlignment(need);
    ++raised;
  }
  return raised;
}

} // namespace circle
