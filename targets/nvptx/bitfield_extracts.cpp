#include "targets/nvptx/bitfield_extracts.h"

#include "targets/llvm_users.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

#include <optional>
#include <vector>

namespace circle {
namespace {

namespace pm = llvm::PatternMatch;

// A field held across a barrier costs one register; what pays for extracting it again
// is a thread's many keys' digits (CUB's onesweep: 19), not `threadIdx.x >> 5`.
constexpr size_t kFields = 4;

struct Field {
  llvm::Instruction* value; // (x >> shift) & mask
  llvm::Value* source;
  llvm::Value* shift;
  llvm::Value* length;
};

// Values every block can read without lengthening anything: the kernel's parameters.
bool everywhere(const llvm::Value* v) { return llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::Constant>(v); }

std::optional<Field> matchField(llvm::Instruction& i) {
  if (!i.getType()->isIntegerTy(32)) return std::nullopt;
  llvm::Value *x, *shift, *mask, *length = nullptr;
  const llvm::APInt* m;
  if (pm::match(&i, pm::m_c_And(pm::m_LShr(pm::m_Value(x), pm::m_Value(shift)), pm::m_Value(mask)))) {
    if (pm::match(mask, pm::m_APInt(m))) {
      if (m->isZero() || m->isAllOnes() || !m->isMask()) return std::nullopt;
      length = llvm::ConstantInt::get(i.getType(), m->countTrailingOnes());
    } else if (!pm::match(mask, pm::m_Not(pm::m_Shl(pm::m_AllOnes(), pm::m_Value(length))))) {
      return std::nullopt;
    }
  } else if (pm::match(&i, pm::m_LShr(pm::m_Value(x), pm::m_APInt(m))) && m->ult(32)) {
    // The top field: LLVM drops the mask of (x >> 24) & 255.
    shift = i.getOperand(1);
    length = llvm::ConstantInt::get(i.getType(), 32 - m->getZExtValue());
    // Only as a whole field: an lshr that feeds a mask is part of the masked one.
    for (llvm::User* u : i.users())
      if (auto* user = llvm::dyn_cast<llvm::Instruction>(u); user && user->getOpcode() == llvm::Instruction::And)
        return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (!everywhere(shift) || !everywhere(length)) return std::nullopt;
  return Field{&i, x, shift, length};
}

bool isBarrier(const llvm::Instruction& i) {
  auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
  if (!call) return false;
  if (auto* asmv = llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand()))
    return llvm::StringRef(asmv->getAsmString()).contains("bar.sync") ||
           llvm::StringRef(asmv->getAsmString()).contains("barrier.sync");
  const llvm::Function* f = call->getCalledFunction();
  return f && f->getName().starts_with("llvm.nvvm.barrier");
}

struct FarUse {
  llvm::Use* use;
  llvm::SmallVector<llvm::Instruction*, 2> chain; // from the field to the value used
};

class Extractor {
public:
  Extractor(llvm::Function& f) : dt_(f), li_(dt_) {
    for (llvm::BasicBlock& bb : f)
      if (llvm::any_of(bb, isBarrier)) withBarrier_.insert(&bb);
  }

  // The uses of `field` to extract it again for.
  std::vector<FarUse> farUses(const Field& field) {
    field_ = field;
    std::vector<FarUse> far;
    collect(field.value, {}, far);
    return far;
  }

  void extractAgain(const Field& field, const std::vector<FarUse>& far) {
    field_ = field;
    // One extraction per block, before the block's first use of it.
    llvm::DenseMap<llvm::BasicBlock*, llvm::Instruction*> first;
    for (const FarUse& f : far) {
      llvm::Instruction* at = readPoint(*f.use);
      auto [it, fresh] = first.try_emplace(at->getParent(), at);
      if (!fresh && at->comesBefore(it->second)) it->second = at;
    }
    llvm::DenseMap<std::pair<llvm::BasicBlock*, llvm::Value*>, llvm::Value*> again;
    for (const FarUse& f : far) {
      llvm::BasicBlock* bb = readPoint(*f.use)->getParent();
      llvm::Instruction* at = first[bb];
      llvm::Value*& extracted = again[{bb, field_.value}];
      if (!extracted) extracted = extract(at);
      llvm::Value* v = extracted;
      llvm::Value* original = field_.value;
      for (llvm::Instruction* step : f.chain) {
        llvm::Value*& copy = again[{bb, step}];
        if (!copy) {
          llvm::Instruction* c = step->clone();
          c->replaceUsesOfWith(original, v);
          c->insertBefore(at->getIterator());
          copy = c;
        }
        v = copy;
        original = step;
      }
      f.use->set(v);
    }
  }

private:
  llvm::Value* extract(llvm::Instruction* at) {
    llvm::Type* i32 = field_.value->getType();
    auto* type = llvm::FunctionType::get(i32, {i32, i32, i32}, false);
    auto* bfe = llvm::InlineAsm::get(type, "bfe.u32 $0, $1, $2, $3;", "=r,r,r,r", /*hasSideEffects=*/false);
    auto* call = llvm::CallInst::Create(bfe, {field_.source, field_.shift, field_.length}, "field", at->getIterator());
    call->setDoesNotAccessMemory();
    call->setDoesNotThrow();
    return call;
  }

  // Uses of the field, or of the element address it indexes, that are far from it.
  void collect(llvm::Instruction* v, llvm::SmallVector<llvm::Instruction*, 2> chain, std::vector<FarUse>& far) {
    llvm::BasicBlock* home = field_.value->getParent();
    for (llvm::Use& u : v->uses()) {
      auto* user = llvm::cast<llvm::Instruction>(u.getUser());
      if (user->getParent() == home && extends(user, v, chain)) {
        auto longer = chain;
        longer.push_back(user);
        collect(user, longer, far);
        continue;
      }
      if (isFar(u)) far.push_back({&u, chain});
    }
  }

  // zext/sext of the field, then an element address indexed by it.
  bool extends(llvm::Instruction* user, llvm::Value* v, const llvm::SmallVector<llvm::Instruction*, 2>& chain) const {
    if (chain.empty()) return llvm::isa<llvm::ZExtInst>(user) || llvm::isa<llvm::SExtInst>(user);
    auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(user);
    return chain.size() == 1 && gep && gep->getNumIndices() >= 1 && gep->getOperand(gep->getNumOperands() - 1) == v &&
           gep->getPointerOperand() != v;
  }

  bool isFar(llvm::Use& u) {
    llvm::Instruction* at = readPoint(u);
    llvm::BasicBlock* bb = at->getParent();
    llvm::BasicBlock* home = field_.value->getParent();
    if (bb != home && !dt_.dominates(home, bb)) return false;
    // Extracting again inside a loop the field is computed outside of costs every trip.
    if (llvm::Loop* loop = li_.getLoopFor(bb); loop && !loop->contains(home)) return false;
    return barrierBetween(home, bb, at) && sourceLiveAt(at);
  }

  // A barrier on every path from the field to the use: after the field in its block,
  // in a block between that dominates the use, or before the use in its block.
  bool barrierBetween(llvm::BasicBlock* home, llvm::BasicBlock* bb, llvm::Instruction* at) const {
    for (llvm::Instruction* i = field_.value->getNextNode(); i; i = i->getNextNode()) {
      if (i == at) return false;
      if (isBarrier(*i)) return true;
    }
    if (bb == home) return false;
    for (llvm::Instruction& i : *bb) {
      if (&i == at) break;
      if (isBarrier(i)) return true;
    }
    for (llvm::DomTreeNode* n = dt_.getNode(bb)->getIDom(); n && n->getBlock() != home; n = n->getIDom())
      if (withBarrier_.contains(n->getBlock())) return true;
    return false;
  }

  // Extracting again reads the source at the use: free only when the source is live
  // there anyway, read later on some path that does not define it again (a loop's next
  // trip reads the next trip's value).
  bool sourceLiveAt(llvm::Instruction* at) const {
    if (everywhere(field_.source)) return true;
    llvm::BasicBlock* def = llvm::cast<llvm::Instruction>(field_.source)->getParent();
    llvm::SmallPtrSet<const llvm::BasicBlock*, 8> reading; // blocks the source is read in
    for (llvm::Use& u : field_.source->uses()) {
      llvm::Instruction* read = readPoint(u);
      if (read->getParent() == at->getParent() && at->comesBefore(read)) return true;
      reading.insert(read->getParent());
    }
    llvm::SmallVector<llvm::BasicBlock*, 8> work(llvm::successors(at->getParent()));
    llvm::SmallPtrSet<llvm::BasicBlock*, 16> seen;
    while (!work.empty()) {
      llvm::BasicBlock* bb = work.pop_back_val();
      if (bb == def || !seen.insert(bb).second) continue;
      if (reading.contains(bb)) return true;
      for (llvm::BasicBlock* next : llvm::successors(bb)) work.push_back(next);
    }
    return false;
  }

  llvm::DominatorTree dt_;
  llvm::LoopInfo li_;
  llvm::SmallPtrSet<const llvm::BasicBlock*, 8> withBarrier_;
  Field field_{};
};

bool hasBarrier(llvm::Function& f) {
  for (llvm::BasicBlock& bb : f)
    for (llvm::Instruction& i : bb)
      if (isBarrier(i)) return true;
  return false;
}

} // namespace

void extractBitFieldsAgainAfterBarriers(llvm::Module& m) {
  for (llvm::Function& f : m) {
    if (f.isDeclaration() || !hasBarrier(f)) continue;
    std::vector<Field> fields;
    for (llvm::BasicBlock& bb : f)
      for (llvm::Instruction& i : bb)
        if (auto field = matchField(i)) fields.push_back(*field);
    if (fields.size() < kFields) continue;
    Extractor extractor(f);
    // Fields of one shift and width are the same digit of different keys (in the order
    // first met: the PTX must not depend on where the values were allocated).
    llvm::MapVector<std::pair<llvm::Value*, llvm::Value*>, std::vector<std::pair<Field, std::vector<FarUse>>>> digits;
    for (const Field& field : fields)
      if (auto far = extractor.farUses(field); !far.empty())
        digits[{field.shift, field.length}].push_back({field, std::move(far)});
    for (auto& [_, keys] : digits)
      if (keys.size() >= kFields)
        for (auto& [field, far] : keys) extractor.extractAgain(field, far);
  }
}

} // namespace circle
