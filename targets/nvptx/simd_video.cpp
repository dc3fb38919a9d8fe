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
  std::string op; // add sub set
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
    if (v.comparison != "eq" && v.comparison != "ne") return std::nullopt;
    return v;
  }
  if (v.op != "add" && v.op != "sub") return std::nullopt;
  if (parts.size() < 4 || parts.size() > 5 || !typeOf(parts[1], v.dSigned) || !typeOf(parts[2], v.aSigned) ||
      !typeOf(parts[3], v.bSigned))
    return std::nullopt;
  if (parts.size() == 5) {
    if (parts[4] != "sat") return std::nullopt;
    v.saturate = true;
    // Saturation of mixed types is the lanes' own arithmetic, left to ptxas.
    if (v.dSigned != v.aSigned || v.aSigned != v.bSigned) return std::nullopt;
  }
  return v;
}

class Lowering {
public:
  Lowering(llvm::IRBuilder<>& b, const VideoOp& v, llvm::Value* a, llvm::Value* bv)
      : b_(b), v_(v), a_(a), b2_(bv), width_(32 / v.lanes), high_(v.lanes == 4 ? 0x80808080u : 0x80008000u) {}

  llvm::Value* build() {
    if (v_.op == "set") return equality(v_.comparison == "ne");
    return v_.saturate ? saturated(v_.op == "add") : wrapped(v_.op == "add");
  }

private:
  llvm::Value* k(uint32_t x) { return b_.getInt32(x); }
  llvm::Value* low() { return k(~high_); }
  // A word whose lanes are all ones where `msb` has the lane's top bit.
  llvm::Value* expand(llvm::Value* msb) {
    return b_.CreateOr(b_.CreateSub(msb, b_.CreateLShr(msb, width_ - 1)), msb);
  }
  // The lanes' sums or differences modulo the lane width: the top bits apart, so that no
  // carry or borrow crosses into the next lane, then put back.
  llvm::Value* wrapped(bool add) {
    if (add) {
      llvm::Value* sum = b_.CreateAdd(b_.CreateAnd(a_, low()), b_.CreateAnd(b2_, low()));
      return b_.CreateXor(sum, b_.CreateAnd(b_.CreateXor(a_, b2_), k(high_)));
    }
    llvm::Value* difference = b_.CreateSub(b_.CreateOr(a_, k(high_)), b_.CreateAnd(b2_, low()));
    return b_.CreateXor(difference, b_.CreateAnd(b_.CreateNot(b_.CreateXor(a_, b2_)), k(high_)));
  }
  llvm::Value* saturated(bool add) {
    llvm::Value* d = wrapped(add);
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
    llvm::Value* borrow = b_.CreateAnd(
        b_.CreateOr(b_.CreateAnd(b_.CreateNot(a_), b2_), b_.CreateAnd(b_.CreateNot(b_.CreateXor(a_, b2_)), d)), h);
    return b_.CreateAnd(d, b_.CreateNot(expand(borrow)));
  }
  // A lane's top bit is set when any of its bits differs; it becomes the lane's 0 or 1.
  llvm::Value* equality(bool notEqual) {
    llvm::Value* x = b_.CreateXor(a_, b2_);
    llvm::Value* any = b_.CreateAnd(b_.CreateOr(b_.CreateAdd(b_.CreateAnd(x, low()), low()), x), k(high_));
    if (!notEqual) any = b_.CreateXor(any, k(high_));
    return b_.CreateLShr(any, width_ - 1);
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
