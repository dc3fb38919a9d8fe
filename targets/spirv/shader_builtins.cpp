#include "targets/spirv/shader_builtins.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsSPIRV.h"
#include "llvm/IR/Module.h"

namespace circle {
namespace {

// libdevice's name (float form; the double form drops the trailing 'f') → LLVM's
// intrinsic, which the SPIR-V backend writes as a GLSL.std.450 instruction.
const llvm::StringMap<llvm::Intrinsic::ID>& mathIntrinsics() {
  static const llvm::StringMap<llvm::Intrinsic::ID> table = [] {
    const std::pair<const char*, llvm::Intrinsic::ID> base[] = {
        {"sqrt", llvm::Intrinsic::sqrt},   {"sin", llvm::Intrinsic::sin},       {"cos", llvm::Intrinsic::cos},
        {"tan", llvm::Intrinsic::tan},     {"exp", llvm::Intrinsic::exp},       {"exp2", llvm::Intrinsic::exp2},
        {"log", llvm::Intrinsic::log},     {"log2", llvm::Intrinsic::log2},     {"pow", llvm::Intrinsic::pow},
        {"fabs", llvm::Intrinsic::fabs},   {"floor", llvm::Intrinsic::floor},   {"ceil", llvm::Intrinsic::ceil},
        {"trunc", llvm::Intrinsic::trunc}, {"round", llvm::Intrinsic::round},   {"fmin", llvm::Intrinsic::minnum},
        {"fmax", llvm::Intrinsic::maxnum}, {"fma", llvm::Intrinsic::fma},       {"copysign", llvm::Intrinsic::copysign},
        {"asin", llvm::Intrinsic::asin},   {"acos", llvm::Intrinsic::acos},     {"atan", llvm::Intrinsic::atan},
        {"sinh", llvm::Intrinsic::sinh},   {"cosh", llvm::Intrinsic::cosh},     {"tanh", llvm::Intrinsic::tanh},
        {"rint", llvm::Intrinsic::rint},   {"nearbyint", llvm::Intrinsic::nearbyint}};
    llvm::StringMap<llvm::Intrinsic::ID> t;
    for (auto [name, id] : base) {
      t[std::string("__nv_") + name] = id;
      t[std::string("__nv_") + name + "f"] = id;
      t[std::string("__nv_fast_") + name + "f"] = id;
    }
    return t;
  }();
  return table;
}

llvm::Value* builtin(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Intrinsic::ID id, unsigned dim) {
  llvm::Function* f = llvm::Intrinsic::getOrInsertDeclaration(&m, id, {b.getInt32Ty()});
  return b.CreateCall(f, {b.getInt32(dim)});
}

// The replacement for a call to an NVVM intrinsic or libdevice function, or null.
llvm::Value* replacement(llvm::IRBuilder<>& b, llvm::Module& m, llvm::CallInst& call,
                         const std::array<unsigned, 3>& localSize) {
  llvm::Function* callee = call.getCalledFunction();
  llvm::StringRef name = callee->getName();
  if (name.consume_front("llvm.nvvm.read.ptx.sreg.")) {
    auto [what, axis] = name.rsplit('.');
    unsigned dim = axis == "x" ? 0 : axis == "y" ? 1 : axis == "z" ? 2 : 3;
    if (dim == 3) return nullptr;
    if (what == "tid") return builtin(b, m, llvm::Intrinsic::spv_thread_id_in_group, dim);
    if (what == "ctaid") return builtin(b, m, llvm::Intrinsic::spv_group_id, dim);
    if (what == "nctaid") return builtin(b, m, llvm::Intrinsic::spv_num_workgroups, dim);
    if (what == "ntid") return b.getInt32(localSize[dim]);
    return nullptr;
  }
  if (name == "llvm.nvvm.barrier0" || name == "llvm.nvvm.barrier.cta.sync.aligned.all" ||
      name == "llvm.nvvm.barrier.sync") {
    // A barrier among part of the workgroup (a nonzero id) has no SPIR-V form.
    if (call.arg_size()) {
      auto* id = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(0));
      if (!id || !id->isZero()) return nullptr;
    }
    return b.CreateCall(
        llvm::Intrinsic::getOrInsertDeclaration(&m, llvm::Intrinsic::spv_group_memory_barrier_with_group_sync));
  }
  auto it = mathIntrinsics().find(name);
  if (it == mathIntrinsics().end() || call.arg_empty()) return nullptr;
  llvm::Type* type = call.getType();
  if (!type->isFloatTy() && !type->isDoubleTy()) return nullptr;
  llvm::Function* f = llvm::Intrinsic::getOrInsertDeclaration(&m, it->second, {type});
  std::vector<llvm::Value*> args(call.arg_begin(), call.arg_end());
  return b.CreateCall(f, args);
}

} // namespace

void mapBuiltins(llvm::Module& m, const std::array<unsigned, 3>& localSize) {
  std::vector<llvm::CallInst*> calls;
  for (llvm::Function& f : m)
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i); call && call->getCalledFunction())
        calls.push_back(call);
  for (llvm::CallInst* call : calls) {
    llvm::IRBuilder<> b(call);
    llvm::Value* v = replacement(b, m, *call, localSize);
    if (!v) continue;
    if (!call->getType()->isVoidTy()) call->replaceAllUsesWith(v);
    call->eraseFromParent();
  }
}

} // namespace circle
