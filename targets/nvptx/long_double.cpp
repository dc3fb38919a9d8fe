#include "targets/nvptx/long_double.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

#include <cstring>
#include <map>

namespace circle {
namespace {

bool isX87(llvm::Type* t) { return t->isX86_FP80Ty(); }

bool containsX87(llvm::Type* t) {
  if (isX87(t)) return true;
  if (auto* ft = llvm::dyn_cast<llvm::FunctionType>(t))
    return containsX87(ft->getReturnType()) || llvm::any_of(ft->params(), containsX87);
  if (auto* st = llvm::dyn_cast<llvm::StructType>(t))
    return llvm::any_of(st->elements(), containsX87);
  if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) return containsX87(at->getElementType());
  if (auto* vt = llvm::dyn_cast<llvm::VectorType>(t)) return containsX87(vt->getElementType());
  return false;
}

llvm::Constant* asDouble(llvm::ConstantFP* c) {
  llvm::APFloat v = c->getValueAPF();
  bool losesInfo;
  v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return llvm::ConstantFP::get(c->getContext(), v);
}

// Values: an x87 value becomes a double, and aggregates built around one (printf's
// argument buffer) are laid out as for a double, which is what the device reads.
class ValueTypes {
public:
  llvm::Type* convert(llvm::Type* t) {
    if (!containsX87(t)) return t;
    if (isX87(t)) return llvm::Type::getDoubleTy(t->getContext());
    if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) return llvm::ArrayType::get(convert(at->getElementType()), at->getNumElements());
    auto* st = llvm::cast<llvm::StructType>(t);
    auto [it, fresh] = structs_.try_emplace(st, nullptr);
    if (!fresh) return it->second;
    std::vector<llvm::Type*> elements;
    for (llvm::Type* e : st->elements()) elements.push_back(convert(e));
    it->second = st->hasName() ? llvm::StructType::create(t->getContext(), elements, (st->getName() + ".double").str(), st->isPacked())
                               : llvm::StructType::get(t->getContext(), elements, st->isPacked());
    return it->second;
  }

private:
  std::map<llvm::StructType*, llvm::Type*> structs_;
};

// Memory the host shares: a device variable's initializer keeps the host's layout,
// each x87 value becoming a double followed by the padding that fills its slot.
llvm::Constant* lowerInitializer(llvm::Constant* c, const llvm::DataLayout& dl) {
  llvm::Type* t = c->getType();
  if (!containsX87(t)) return c;
  llvm::LLVMContext& ctx = c->getContext();
  auto padding = [&](uint64_t bytes) {
    return llvm::ConstantAggregateZero::get(llvm::ArrayType::get(llvm::Type::getInt8Ty(ctx), bytes));
  };
  if (auto* fp = llvm::dyn_cast<llvm::ConstantFP>(c)) {
    uint64_t slot = dl.getTypeAllocSize(t);
    llvm::Constant* d = asDouble(fp);
    return slot == 8 ? d : llvm::ConstantStruct::getAnon({d, padding(slot - 8)}, /*Packed=*/true);
  }
  if (llvm::isa<llvm::ConstantAggregateZero, llvm::UndefValue>(c)) {
    // Zero bytes are 0.0 in either format: keep the size, as plain bytes.
    return llvm::ConstantAggregateZero::get(llvm::ArrayType::get(llvm::Type::getInt8Ty(ctx), dl.getTypeAllocSize(t)));
  }
  // Structs and arrays: packed, with explicit padding, so every member stays at the
  // offset the host (and the code that reads it) expects.
  std::vector<llvm::Constant*> parts;
  uint64_t at = 0;
  auto place = [&](llvm::Constant* element, uint64_t offset, uint64_t slot) {
    if (offset > at) parts.push_back(padding(offset - at));
    llvm::Constant* lowered = lowerInitializer(element, dl);
    parts.push_back(lowered);
    uint64_t size = dl.getTypeAllocSize(lowered->getType());
    if (size < slot) parts.push_back(padding(slot - size));
    at = offset + std::max(size, slot);
  };
  if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
    const llvm::StructLayout* layout = dl.getStructLayout(st);
    for (unsigned i = 0; i < st->getNumElements(); ++i)
      place(c->getAggregateElement(i), layout->getElementOffset(i), dl.getTypeAllocSize(st->getElementType(i)));
  } else if (auto* arr = llvm::dyn_cast<llvm::ArrayType>(t)) {
    uint64_t stride = dl.getTypeAllocSize(arr->getElementType());
    for (unsigned i = 0; i < arr->getNumElements(); ++i) place(c->getAggregateElement(i), i * stride, stride);
  } else {
    return nullptr;
  }
  uint64_t total = dl.getTypeAllocSize(t);
  if (total > at) parts.push_back(padding(total - at));
  for (llvm::Constant* p : parts)
    if (!p) return nullptr;
  return llvm::ConstantStruct::getAnon(ctx, parts, /*Packed=*/true);
}

bool lowerVariable(llvm::GlobalVariable& gv, const llvm::DataLayout& dl) {
  llvm::Constant* init = gv.hasInitializer() ? lowerInitializer(gv.getInitializer(), dl) : nullptr;
  if (!init) return false;
  auto* lowered = new llvm::GlobalVariable(*gv.getParent(), init->getType(), gv.isConstant(), gv.getLinkage(), init, "",
                                           &gv, gv.getThreadLocalMode(), gv.getAddressSpace(),
                                           gv.isExternallyInitialized());
  lowered->copyAttributesFrom(&gv);
  lowered->setAlignment(gv.getAlign());
  lowered->takeName(&gv);
  gv.replaceAllUsesWith(lowered); // pointers are opaque: the users' types do not change
  gv.eraseFromParent();
  return true;
}

// printf's "%Lf" reads a long double, which on the device is a double.
void dropLongModifiers(llvm::CallInst& call) {
  auto* fmt = llvm::dyn_cast<llvm::GlobalVariable>(call.getArgOperand(0)->stripPointerCasts());
  auto* data = fmt && fmt->hasInitializer() ? llvm::dyn_cast<llvm::ConstantDataArray>(fmt->getInitializer()) : nullptr;
  if (!data || !data->isString()) return;
  std::string text = data->getAsString().str(), out;
  bool changed = false;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] != '%') continue;
    size_t j = i + 1;
    if (j < text.size() && text[j] == '%') {
      out += text[j];
      i = j;
      continue;
    }
    while (j < text.size() && std::strchr("-+ #0123456789.*", text[j])) out += text[j++];
    if (j < text.size() && text[j] == 'L') {
      ++j;
      changed = true;
    }
    i = j - 1;
  }
  if (!changed) return;
  llvm::Module& m = *call.getModule();
  llvm::Constant* init = llvm::ConstantDataArray::getString(m.getContext(), out, /*AddNull=*/false);
  auto* copy = new llvm::GlobalVariable(m, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init,
                                        fmt->getName() + ".double", nullptr, llvm::GlobalValue::NotThreadLocal,
                                        fmt->getAddressSpace());
  copy->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  copy->setAlignment(fmt->getAlign());
  call.setArgOperand(0, copy);
}

// Clang's IRBuilder typed each operation by its first operand, so an operation on an
// x87 constant is itself x87: once the constants are doubles, so are these.
// An x87 constant Clang's device code generation already cast to its double type
// (`std::log(2.0L)`'s argument: bitcast (x86_fp80 2.0 to double)), a cast of
// mismatched widths that NVPTX cannot select.
llvm::ConstantFP* castX87(llvm::Value* v) {
  auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(v);
  auto* fp = ce && ce->getOpcode() == llvm::Instruction::BitCast ? llvm::dyn_cast<llvm::ConstantFP>(ce->getOperand(0))
                                                                  : nullptr;
  return fp && isX87(fp->getType()) && ce->getType()->isDoubleTy() ? fp : nullptr;
}

void retype(llvm::Instruction& inst, ValueTypes& types) {
  for (llvm::Use& op : inst.operands()) {
    if (auto* fp = llvm::dyn_cast<llvm::ConstantFP>(op.get()); fp && isX87(fp->getType())) op.set(asDouble(fp));
    if (llvm::ConstantFP* fp = castX87(op.get())) op.set(asDouble(fp));
  }
  if (isX87(inst.getType())) inst.mutateType(llvm::Type::getDoubleTy(inst.getContext()));
  if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst)) alloca->setAllocatedType(types.convert(alloca->getAllocatedType()));
  if (auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst)) {
    gep->setSourceElementType(types.convert(gep->getSourceElementType()));
    gep->setResultElementType(types.convert(gep->getResultElementType()));
  }
  if (auto* call = llvm::dyn_cast<llvm::CallInst>(&inst); call && call->getCalledFunction() &&
                                                         call->getCalledFunction()->getName() == "vprintf")
    dropLongModifiers(*call);
}

// What retyping leaves invalid: conversions between long double and double are now
// from double to double, and intrinsics (fabs, sqrt...) are declared for x87.
void repair(llvm::Function& f, ValueTypes& types) {
  std::vector<llvm::Instruction*> identities;
  for (llvm::Instruction& inst : llvm::instructions(f)) {
    if (llvm::isa<llvm::FPExtInst, llvm::FPTruncInst>(inst) && inst.getType() == inst.getOperand(0)->getType())
      identities.push_back(&inst);
    auto* call = llvm::dyn_cast<llvm::CallInst>(&inst);
    llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
    if (!callee || !callee->isIntrinsic() || !containsX87(callee->getFunctionType())) continue;
    llvm::SmallVector<llvm::Type*, 4> overloads;
    if (!llvm::Intrinsic::getIntrinsicSignature(callee, overloads)) continue;
    for (llvm::Type*& t : overloads) t = types.convert(t);
    call->setCalledFunction(llvm::Intrinsic::getOrInsertDeclaration(f.getParent(), callee->getIntrinsicID(), overloads));
  }
  for (llvm::Instruction* inst : identities) {
    inst->replaceAllUsesWith(inst->getOperand(0));
    inst->eraseFromParent();
  }
}

bool lowered(llvm::Function& f) {
  if (containsX87(f.getFunctionType())) return false;
  for (llvm::Instruction& inst : llvm::instructions(f)) {
    if (containsX87(inst.getType())) return false;
    for (llvm::Value* op : inst.operands())
      if (containsX87(op->getType()) || castX87(op)) return false;
    if (auto* call = llvm::dyn_cast<llvm::CallBase>(&inst); call && containsX87(call->getFunctionType())) return false;
  }
  return true;
}

} // namespace

std::vector<std::string> lowerLongDouble(llvm::Module& m) {
  std::vector<std::string> unlowered;
  const llvm::DataLayout& dl = m.getDataLayout();
  std::vector<llvm::GlobalVariable*> variables;
  for (llvm::GlobalVariable& gv : m.globals())
    if (containsX87(gv.getValueType())) variables.push_back(&gv);
  for (llvm::GlobalVariable* gv : variables) {
    std::string name = gv->getName().str();
    if (!lowerVariable(*gv, dl)) unlowered.push_back(name);
  }
  ValueTypes types;
  for (llvm::Function& f : m) {
    for (llvm::Instruction& inst : llvm::instructions(f)) retype(inst, types);
    repair(f, types);
  }
  for (llvm::Function& f : m)
    if (!f.isIntrinsic() && !lowered(f)) unlowered.push_back(f.getName().str());
  return unlowered;
}

} // namespace circle
