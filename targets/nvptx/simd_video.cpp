#include "targets/nvptx/simd_video.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <string>
#include <vector>

namespace circle {
namespace {

// One of PTX's SIMD video instructions, `vop2`/`vop4` with its types and modifier, in
// the only form this rewrites: every lane, no lane selectors, `d, a, b, c` in that order.
struct VideoOp {
  std::string op; // add sub min max avrg set
  int lanes = 4;
  bool dSigned = false, aSigned = false, bSigned = false;
  bool saturate = false;
  std::string comparison; // vset's
};

bool typeOf(llvm::StringRef t, bool& isSigned) {
  if (t != "u32" && t != "s32") return false;
  isSigned = t == "s32";
  return true;
}

std::optional<VideoOp> parseVideo(llvm::StringRef text) {
  text = text.trim();
  size_t space = text.find_first_of(" \t");
  if (space == llvm::StringRef::npos) return std::nullopt;
  llvm::StringRef mnemonic = text.take_front(space), operands = text.drop_front(space);
  std::string ops;
  for (char c : operands)
    if (c != ' ' && c != '\t') ops += c;
  if (ops != "$0,$1,$2,$3;") return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 6> parts;
  mnemonic.split(parts, '.');
  if (parts.size() < 3 || !parts[0].consume_front("v") || parts[0].size() < 2) return std::nullopt;
  VideoOp v;
  char width = parts[0].back();
  if (width != '2' && width != '4') return std::nullopt;
  v.lanes = width - '0';
  v.op = parts[0].drop_back().str();
  if (v.op == "set") {
    // vset4.atype.btype.cmp: lanes of 1 where the comparison holds.
    if (parts.size() != 4 || !typeOf(parts[1], v.aSigned) || !typeOf(parts[2], v.bSigned)) return std::nullopt;
    v.comparison = parts[3].str();
    static const char* comparisons[] = {"eq", "ne", "lt", "le", "gt", "ge"};
    if (llvm::none_of(comparisons, [&](const char* c) { return v.comparison == c; })) return std::nullopt;
    // Lanes of two signednesses compare as the lanes' own arithmetic, left to ptxas.
    return v.aSigned == v.bSigned ? std::optional<VideoOp>(v) : std::nullopt;
  }
  static const char* arithmetic[] = {"add", "sub", "min", "max", "avrg"};
  if (llvm::none_of(arithmetic, [&](const char* a) { return v.op == a; })) return std::nullopt;
  if (parts.size() < 4 || parts.size() > 5 || !typeOf(parts[1], v.dSigned) || !typeOf(parts[2], v.aSigned) ||
      !typeOf(parts[3], v.bSigned))
    return std::nullopt;
  bool sameTypes = v.dSigned == v.aSigned && v.aSigned == v.bSigned;
  if (parts.size() == 5) {
    if (parts[4] != "sat" || (v.op != "add" && v.op != "sub")) return std::nullopt;
    v.saturate = true;
  }
  // Mixed types (but for wrapping adds and subtracts, which ignore them) are left to ptxas,
  // and so is the signed average: nvcc's __vavgs2/__vavgs4 round as PTX's vavrg does, which
  // is not ceil((a + b) / 2) for negative sums (H200, against nvcc, 2026-11-28).
  if (!sameTypes && (v.saturate || (v.op != "add" && v.op != "sub"))) return std::nullopt;
  if (v.op == "avrg" && v.aSigned) return std::nullopt;
  return v;
}

class Lowering {
public:
  Lowering(llvm::IRBuilder<>& b, const VideoOp& v, llvm::Value* a, llvm::Value* bv)
      : b_(b), v_(v), a_(a), b2_(bv), width_(32 / v.lanes), high_(v.lanes == 4 ? 0x80808080u : 0x80008000u) {}

  llvm::Value* build() {
    if (v_.op == "set") return comparison();
    if (v_.op == "min" || v_.op == "max") {
      llvm::Value* less = expand(lessThan(a_, b2_));
      llvm::Value* smaller = b_.CreateOr(b_.CreateAnd(a_, less), b_.CreateAnd(b2_, b_.CreateNot(less)));
      llvm::Value* larger = b_.CreateOr(b_.CreateAnd(b2_, less), b_.CreateAnd(a_, b_.CreateNot(less)));
      return v_.op == "min" ? smaller : larger;
    }
    if (v_.op == "avrg") {
      // ceil((a + b) / 2) = (a | b) - ((a ^ b) >> 1) per unsigned lane.
      llvm::Value* half = b_.CreateAnd(b_.CreateLShr(b_.CreateXor(a_, b2_), 1), low());
      return b_.CreateSub(b_.CreateOr(a_, b2_), half);
    }
    return v_.saturate ? saturated(v_.op == "add") : wrapped(v_.op == "add", a_, b2_);
  }

private:
  llvm::Value* k(uint32_t x) { return b_.getInt32(x); }
  llvm::Value* low() { return k(~high_); }
  // A word whose lanes are all ones where `msb` has the lane's top bit, in the form
  // lane_sign_masks.h makes one prmt of.
  llvm::Value* expand(llvm::Value* msb) {
    uint32_t fill = width_ == 8 ? 0xffu : 0xffffu;
    return b_.CreateMul(b_.CreateAnd(b_.CreateLShr(msb, width_ - 1), k(high_ >> (width_ - 1))), k(fill));
  }
  // The lanes' sums or differences modulo the lane width: the top bits apart, so that no
  // carry or borrow crosses into the next lane, then put back.
  llvm::Value* wrapped(bool add, llvm::Value* x, llvm::Value* y) {
    if (add) {
      llvm::Value* sum = b_.CreateAdd(b_.CreateAnd(x, low()), b_.CreateAnd(y, low()));
      return b_.CreateXor(sum, b_.CreateAnd(b_.CreateXor(x, y), k(high_)));
    }
    llvm::Value* difference = b_.CreateSub(b_.CreateOr(x, k(high_)), b_.CreateAnd(y, low()));
    return b_.CreateXor(difference, b_.CreateAnd(b_.CreateNot(b_.CreateXor(x, y)), k(high_)));
  }
  // The top bit of each lane where x - y borrows out of it: x < y as unsigned lanes.
  llvm::Value* borrows(llvm::Value* x, llvm::Value* y, llvm::Value* difference) {
    return b_.CreateAnd(b_.CreateOr(b_.CreateAnd(b_.CreateNot(x), y),
                                    b_.CreateAnd(b_.CreateNot(b_.CreateXor(x, y)), difference)),
                        k(high_));
  }
  // x < y per lane, in the instruction's signedness (signed lanes: top bits flipped).
  llvm::Value* lessThan(llvm::Value* x, llvm::Value* y) {
    if (v_.aSigned) {
      x = b_.CreateXor(x, k(high_));
      y = b_.CreateXor(y, k(high_));
    }
    return borrows(x, y, wrapped(false, x, y));
  }
  llvm::Value* saturated(bool add) {
    llvm::Value* d = wrapped(add, a_, b2_);
    llvm::Value* h = k(high_);
    if (v_.dSigned) {
      // Overflow: operands' signs agree (add) or differ (sub) and the result's differs
      // from a's. Such lanes become the largest value of a's sign.
      llvm::Value* signs = b_.CreateXor(a_, b2_);
      llvm::Value* overflow = b_.CreateAnd(b_.CreateAnd(add ? b_.CreateNot(signs) : signs, b_.CreateXor(a_, d)), h);
      llvm::Value* limit = b_.CreateAdd(low(), b_.CreateLShr(b_.CreateAnd(a_, h), width_ - 1));
      llvm::Value* mask = expand(overflow);
      return b_.CreateOr(b_.CreateAnd(d, b_.CreateNot(mask)), b_.CreateAnd(limit, mask));
    }
    if (add) {
      // Carry out of the lane: all ones.
      llvm::Value* carry = b_.CreateAnd(
          b_.CreateOr(b_.CreateAnd(a_, b2_), b_.CreateAnd(b_.CreateOr(a_, b2_), b_.CreateNot(d))), h);
      return b_.CreateOr(d, expand(carry));
    }
    // Borrow out of the lane: zero.
    return b_.CreateAnd(d, b_.CreateNot(expand(borrows(a_, b2_, d))));
  }
  // Each lane's 0 or 1. Equality: a lane's top bit is set when any of its bits differs.
  llvm::Value* comparison() {
    const std::string& c = v_.comparison;
    llvm::Value* msb;
    if (c == "eq" || c == "ne") {
      llvm::Value* x = b_.CreateXor(a_, b2_);
      msb = b_.CreateAnd(b_.CreateOr(b_.CreateAdd(b_.CreateAnd(x, low()), low()), x), k(high_));
      if (c == "eq") msb = b_.CreateXor(msb, k(high_));
    } else {
      bool swapped = c == "gt" || c == "le"; // a > b is b < a
      msb = swapped ? lessThan(b2_, a_) : lessThan(a_, b2_);
      if (c == "le" || c == "ge") msb = b_.CreateXor(msb, k(high_));
    }
    return b_.CreateLShr(msb, width_ - 1);
  }
  llvm::IRBuilder<>& b_;
  const VideoOp& v_;
  llvm::Value *a_, *b2_;
  int width_;
  uint32_t high_;
};

} // namespace

int lowerVideoInstructions(llvm::Module& m) {
  std::vector<std::pair<llvm::CallInst*, VideoOp>> found;
  for (llvm::Function& f : m)
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i); call && call->isInlineAsm()) {
        auto* assembly = llvm::cast<llvm::InlineAsm>(call->getCalledOperand());
        if (assembly->getConstraintString() != "=r,r,r,r" || !call->getType()->isIntegerTy(32)) continue;
        if (auto v = parseVideo(assembly->getAsmString())) found.emplace_back(call, *v);
      }
  for (auto& [call, v] : found) {
    llvm::IRBuilder<> b(call);
    // c merges lanes outside a mask this form does not have.
    Lowering lowering(b, v, call->getArgOperand(0), call->getArgOperand(1));
    call->replaceAllUsesWith(lowering.build());
    call->eraseFromParent();
  }
  return (int)found.size();
}

} // namespace circle
