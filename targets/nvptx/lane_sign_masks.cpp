#include "targets/nvptx/lane_sign_masks.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Transforms/Utils/Local.h"

#include <vector>

namespace circle {
namespace {

struct LaneShape {
  unsigned width;     // bits per lane
  uint32_t lowBits;   // bit 0 of every lane
  uint32_t fill;      // a lane of ones
  uint32_t selector;  // prmt: each result byte replicates the sign of its lane's top byte
};

const LaneShape shapes[] = {{8, 0x01010101u, 0xffu, 0xba98u}, {16, 0x00010001u, 0xffffu, 0xbb99u}};

// `v` is lane-top-bits of some y moved to bit 0 of each lane, nothing else: returns y.
llvm::Value* laneSigns(llvm::Value* v, const LaneShape& s, const llvm::DataLayout& dl) {
  using namespace llvm::PatternMatch;
  llvm::Value* shifted = v;
  const llvm::APInt* mask = nullptr;
  if (match(v, m_And(m_Value(shifted), m_APInt(mask))) && (mask->getZExtValue() & s.lowBits) != s.lowBits)
    return nullptr;
  llvm::Value* y = nullptr;
  if (!match(shifted, m_LShr(m_Value(y), m_SpecificInt(s.width - 1)))) return nullptr;
  // Any other bit of v would carry into the next lane.
  llvm::KnownBits known = llvm::computeKnownBits(v, dl);
  if ((~known.Zero.getZExtValue() & 0xffffffffu & ~s.lowBits) != 0) return nullptr;
  return y;
}

// v * fill, or (v << width) - v, which InstCombine leaves where the shift has other users.
llvm::Value* multiplied(llvm::Instruction& i, const LaneShape& s) {
  using namespace llvm::PatternMatch;
  llvm::Value* v = nullptr;
  if (match(&i, m_Mul(m_Value(v), m_SpecificInt(s.fill)))) return v;
  if (match(&i, m_Sub(m_Shl(m_Value(v), m_SpecificInt(s.width)), m_Deferred(v)))) return v;
  return nullptr;
}

} // namespace

int permuteLaneSignMasks(llvm::Module& m) {
  std::vector<std::pair<llvm::Instruction*, std::pair<llvm::Value*, uint32_t>>> found;
  const llvm::DataLayout& dl = m.getDataLayout();
  for (llvm::Function& f : m)
    for (llvm::Instruction& i : llvm::instructions(f)) {
      if (!i.getType()->isIntegerTy(32)) continue;
      for (const LaneShape& s : shapes)
        if (llvm::Value* v = multiplied(i, s))
          if (llvm::Value* y = laneSigns(v, s, dl)) {
            found.push_back({&i, {y, s.selector}});
            break;
          }
    }
  for (auto& [i, ys] : found) {
    llvm::IRBuilder<> b(i);
    llvm::Value* prmt = b.CreateIntrinsic(llvm::Intrinsic::nvvm_prmt, {}, {ys.first, b.getInt32(0), b.getInt32(ys.second)});
    i->replaceAllUsesWith(prmt);
    llvm::RecursivelyDeleteTriviallyDeadInstructions(i);
  }
  return (int)found.size();
}

} // namespace circle
