#include "targets/nvptx/powi_expansion.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <map>
#include <vector>

namespace circle {
namespace {

// float f(float x, int n) { r = 1; m = |n|; loop { if (m & 1) r *= x; m >>= 1; if (!m)
// break; x *= x; } return n < 0 ? 1 / r : r; }, for the call's types.
llvm::Function* powerFunction(llvm::Module& m, llvm::Type* fp, llvm::Type* integer) {
  std::string name = "__circle_powi_f" + std::to_string(fp->getPrimitiveSizeInBits().getFixedValue()) + "_i" +
                     std::to_string(integer->getIntegerBitWidth());
  if (llvm::Function* f = m.getFunction(name)) return f;
  llvm::LLVMContext& ctx = m.getContext();
  auto* f = llvm::Function::Create(llvm::FunctionType::get(fp, {fp, integer}, false),
                                   llvm::GlobalValue::InternalLinkage, name, m);
  auto* entry = llvm::BasicBlock::Create(ctx, "entry", f);
  auto* loop = llvm::BasicBlock::Create(ctx, "loop", f);
  auto* square = llvm::BasicBlock::Create(ctx, "square", f);
  auto* done = llvm::BasicBlock::Create(ctx, "done", f);
  llvm::IRBuilder<> b(entry);
  llvm::Value* x0 = f->getArg(0);
  llvm::Value* n = f->getArg(1);
  llvm::Value* negative = b.CreateICmpSLT(n, llvm::ConstantInt::get(integer, 0));
  llvm::Value* magnitude = b.CreateSelect(negative, b.CreateSub(llvm::ConstantInt::get(integer, 0), n), n);
  llvm::Value* one = llvm::ConstantFP::get(fp, 1.0);
  b.CreateBr(loop);

  b.SetInsertPoint(loop);
  llvm::PHINode* r = b.CreatePHI(fp, 2);
  llvm::PHINode* x = b.CreatePHI(fp, 2);
  llvm::PHINode* bits = b.CreatePHI(integer, 2);
  llvm::Value* odd = b.CreateICmpNE(b.CreateAnd(bits, llvm::ConstantInt::get(integer, 1)),
                                    llvm::ConstantInt::get(integer, 0));
  llvm::Value* product = b.CreateSelect(odd, b.CreateFMul(r, x), r);
  llvm::Value* rest = b.CreateLShr(bits, llvm::ConstantInt::get(integer, 1));
  b.CreateCondBr(b.CreateICmpEQ(rest, llvm::ConstantInt::get(integer, 0)), done, square);

  b.SetInsertPoint(square);
  llvm::Value* squared = b.CreateFMul(x, x);
  b.CreateBr(loop);
  r->addIncoming(one, entry);
  r->addIncoming(product, square);
  x->addIncoming(x0, entry);
  x->addIncoming(squared, square);
  bits->addIncoming(magnitude, entry);
  bits->addIncoming(rest, square);

  b.SetInsertPoint(done);
  b.CreateRet(b.CreateSelect(negative, b.CreateFDiv(one, product), product));
  return f;
}

} // namespace

int expandIntegerPowers(llvm::Module& m) {
  std::vector<llvm::IntrinsicInst*> calls;
  for (llvm::Function& f : m)
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&i);
          call && call->getIntrinsicID() == llvm::Intrinsic::powi && !call->getType()->isVectorTy())
        calls.push_back(call);
  for (llvm::IntrinsicInst* call : calls) {
    llvm::Function* power = powerFunction(m, call->getType(), call->getArgOperand(1)->getType());
    llvm::IRBuilder<> b(call);
    llvm::CallInst* replacement = b.CreateCall(power, {call->getArgOperand(0), call->getArgOperand(1)});
    replacement->copyFastMathFlags(call);
    call->replaceAllUsesWith(replacement);
    call->eraseFromParent();
  }
  return int(calls.size());
}

} // namespace circle
