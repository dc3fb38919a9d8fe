#include "targets/nvptx/kept_flags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

#include <optional>

namespace circle {
namespace {

// zext(c), or select(c, 1, 0) of any integer width: a flag that is nonzero exactly when c.
bool isFlagOf(const llvm::Instruction& i, const llvm::Value* c) {
  using namespace llvm::PatternMatch;
  if (llvm::isa<llvm::ZExtInst>(i) && i.getOperand(0) == c) return true;
  return match(&i, m_Select(m_Specific(c), m_One(), m_Zero()));
}

bool readAfter(const llvm::Instruction& value, const llvm::Instruction& use, const llvm::DominatorTree& dt) {
  return llvm::any_of(value.users(), [&](const llvm::User* u) {
    auto* r = llvm::dyn_cast<llvm::Instruction>(u);
    return r && r != &use && llvm::isPotentiallyReachable(&use, r, nullptr, &dt);
  });
}

// An operand of c that nothing outside c's block reads: it ends there once c's later uses
// test the flag, so the flag's longer life replaces the operand's.
bool endsWithComparison(const llvm::CmpInst& c) {
  return llvm::any_of(c.operands(), [&](const llvm::Use& op) {
    auto* i = llvm::dyn_cast<llvm::Instruction>(op.get());
    return i && llvm::all_of(i->users(), [&](const llvm::User* u) {
             return llvm::cast<llvm::Instruction>(u)->getParent() == c.getParent();
           });
  });
}

// The flag to test at `use`: one live there anyway, else any when that shortens an
// operand's life; null when the rewrite would only lengthen the flag's.
llvm::Instruction* flagToTest(llvm::CmpInst& c, const llvm::Instruction& use, const llvm::DominatorTree& dt) {
  llvm::Instruction* flag = nullptr;
  for (llvm::User* u : c.users()) {
    auto* f = llvm::dyn_cast<llvm::Instruction>(u);
    if (!f || f->getParent() != c.getParent() || !isFlagOf(*f, &c)) continue;
    if (readAfter(*f, use, dt)) return f;
    flag = f;
  }
  return flag && endsWithComparison(c) ? flag : nullptr;
}

} // namespace

int testKeptFlagsAtLaterUses(llvm::Module& m) {
  int rewritten = 0;
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    std::optional<llvm::DominatorTree> dt;
    llvm::SmallVector<std::pair<llvm::Use*, llvm::Instruction*>, 16> uses;
    for (llvm::BasicBlock& bb : f)
      for (llvm::Instruction& i : bb) {
        auto* c = llvm::dyn_cast<llvm::ICmpInst>(&i);
        if (!c || !c->hasNUsesOrMore(2)) continue;
        for (llvm::Use& u : c->uses()) {
          auto* user = llvm::cast<llvm::Instruction>(u.getUser());
          // A phi reads at its predecessor's end, where CodeGenPrepare does not copy to.
          if (user->getParent() == &bb || llvm::isa<llvm::PHINode>(user)) continue;
          if (!dt) dt.emplace(f);
          if (llvm::Instruction* flag = flagToTest(*c, *user, *dt)) uses.push_back({&u, flag});
        }
      }
    for (auto [use, flag] : uses) {
      llvm::IRBuilder<> b(llvm::cast<llvm::Instruction>(use->getUser()));
      // Frozen, so that the back end's own EarlyCSE does not fold `zext(c) != 0` back to c.
      llvm::Value* kept = b.CreateFreeze(flag);
      use->set(b.CreateICmpNE(kept, llvm::ConstantInt::get(flag->getType(), 0)));
      ++rewritten;
    }
  }
  return rewritten;
}

} // namespace circle
