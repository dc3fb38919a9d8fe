#include "targets/spirv/shader_lowering.h"

#include "targets/llvm_pipeline.h"
#include "targets/llvm_users.h"
#include "targets/spirv/shader_builtins.h"
#include "targets/spirv/shader_checks.h"

#include "llvm/Analysis/Utils/Local.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>

namespace circle {
namespace {

// SPIR-V's address spaces in LLVM's Vulkan target.
constexpr unsigned kFunction = 0, kPhysical = 1, kWorkgroup = 3, kPrivate = 10, kPushConstant = 13;

// The NVPTX data spaces Clang put device globals in.
constexpr unsigned kNvGlobal = 1, kNvConstant = 4;

// Push-constant words are read through this placeholder until the module is
// optimized: LLVM's backend wants each access as an access chain to one member, the
// shape instcombine would otherwise fold into byte offsets and wider loads.
constexpr const char* kPushWord = "__circle_push_word";

// `size` bytes of the push constants at `offset`, as an integer of that width.
llvm::Value* readPushBytes(llvm::IRBuilder<>& b, llvm::Function* word, unsigned offset, unsigned size) {
  unsigned first = offset / 4, last = (offset + size - 1) / 4;
  unsigned bits = 32 * (last - first + 1);
  llvm::Type* wide = b.getIntNTy(bits);
  llvm::Value* v = llvm::ConstantInt::get(wide, 0);
  for (unsigned w = first; w <= last; ++w) {
    llvm::Value* part = b.CreateZExt(b.CreateCall(word, {b.getInt32(w)}), wide);
    if (w != first) part = b.CreateShl(part, 32 * (w - first));
    v = b.CreateOr(v, part);
  }
  if (unsigned shift = (offset % 4) * 8) v = b.CreateLShr(v, shift);
  return b.CreateTrunc(v, b.getIntNTy(size * 8));
}

// The placeholder's calls become loads of the push-constant block's members.
void bindPushConstants(llvm::Module& m, unsigned pushBytes) {
  llvm::Function* word = m.getFunction(kPushWord);
  if (!word) return;
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  unsigned words = (pushBytes + 3) / 4;
  // Words, not the parameters' own types: the block's layout is then the host's byte
  // for byte, and nothing in it needs SPIR-V's explicit-layout rules for nesting.
  auto* block = llvm::StructType::create(ctx, std::vector<llvm::Type*>(words, i32), "__circle_push");
  auto* pc = new llvm::GlobalVariable(m, block, false, llvm::GlobalValue::ExternalLinkage, nullptr,
                                      "__circle_push_constants", nullptr, llvm::GlobalValue::NotThreadLocal,
                                      kPushConstant, /*isExternallyInitialized=*/true);
  pc->setVisibility(llvm::GlobalValue::HiddenVisibility);
  std::vector<llvm::CallInst*> calls;
  for (llvm::User* u : word->users()) calls.push_back(llvm::cast<llvm::CallInst>(u));
  for (llvm::CallInst* call : calls) {
    llvm::Value* indices[] = {llvm::ConstantInt::get(i32, 0), call->getArgOperand(0)};
    auto* member = llvm::GetElementPtrInst::CreateInBounds(block, pc, indices, "", call->getIterator());
    auto* load = new llvm::LoadInst(i32, member, "pc", false, llvm::Align(4), call->getIterator());
    call->replaceAllUsesWith(load);
    call->eraseFromParent();
  }
  word->eraseFromParent();
}

llvm::Value* asType(llvm::IRBuilder<>& b, llvm::Value* bits, llvm::Type* type) {
  if (type->isPointerTy()) return b.CreateIntToPtr(bits, type);
  if (type->isIntegerTy()) return b.CreateZExtOrTrunc(bits, type);
  return b.CreateBitCast(bits, type);
}

// The shader's entry: the parameters from the push constants, then the kernel.
bool buildMain(llvm::Module& m, llvm::Function& kernel, const ShaderEntry& entry, std::string& why) {
  if (kernel.arg_size() != entry.params.size()) {
    why = "its parameters do not match the kernel's calling convention";
    return false;
  }
  llvm::LLVMContext& ctx = m.getContext();
  if (llvm::Function* user = m.getFunction("main")) user->setName("__circle_host_main");
  auto* main = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false),
                                      llvm::GlobalValue::ExternalLinkage, "main", m);
  main->addFnAttr("hlsl.shader", "compute");
  main->addFnAttr("hlsl.numthreads", std::to_string(entry.localSize[0]) + "," + std::to_string(entry.localSize[1]) +
                                         "," + std::to_string(entry.localSize[2]));
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", main));
  llvm::Function* pc = llvm::Function::Create(llvm::FunctionType::get(b.getInt32Ty(), {b.getInt32Ty()}, false),
                                              llvm::GlobalValue::ExternalLinkage, kPushWord, m);
  pc->setDoesNotAccessMemory();
  pc->setDoesNotThrow();
  pc->setWillReturn();
  std::vector<llvm::Value*> args;
  for (unsigned i = 0; i < kernel.arg_size(); ++i) {
    llvm::Argument& a = *kernel.getArg(i);
    const ShaderParam& p = entry.params[i];
    if (llvm::Type* byval = a.getParamByValType()) {
      // A copy the kernel may address: words stored into a local of the same bytes.
      unsigned words = (p.size + 3) / 4;
      llvm::AllocaInst* copy = b.CreateAlloca(llvm::ArrayType::get(b.getInt32Ty(), words ? words : 1));
      copy->setAlignment(llvm::Align(std::max<uint64_t>(8, m.getDataLayout().getABITypeAlign(byval).value())));
      for (unsigned w = 0; w < words; ++w)
        b.CreateStore(readPushBytes(b, pc, p.offset + 4 * w, 4), b.CreateConstGEP2_32(copy->getAllocatedType(), copy, 0, w));
      args.push_back(copy);
      continue;
    }
    unsigned bytes = static_cast<unsigned>(m.getDataLayout().getTypeStoreSize(a.getType()));
    if (a.getType()->isIntegerTy(1)) bytes = 1;
    if (bytes == 0 || bytes > 8 || p.size < bytes) {
      why = "parameter " + std::to_string(i + 1) + " has a type circle cannot pass in push constants yet";
      return false;
    }
    llvm::Value* bits = readPushBytes(b, pc, p.offset, bytes);
    args.push_back(a.getType()->isIntegerTy(1) ? b.CreateICmpNE(bits, b.getInt8(0)) : asType(b, bits, a.getType()));
  }
  kernel.setCallingConv(llvm::CallingConv::C);
  b.CreateCall(&kernel, args);
  b.CreateRetVoid();
  return true;
}

// Everything becomes part of `main`: the device module's other roots (kernels,
// device variables, the host's functions) are no longer kept alive.
void keepOnlyMain(llvm::Module& m, llvm::Function& main) {
  for (const char* name : {"llvm.used", "llvm.compiler.used", "llvm.global.annotations", "llvm.global_ctors",
                           "llvm.global_dtors"})
    if (llvm::GlobalVariable* gv = m.getNamedGlobal(name)) gv->eraseFromParent();
  if (llvm::NamedMDNode* md = m.getNamedMetadata("nvvm.annotations")) m.eraseNamedMetadata(md);
  for (llvm::Function& f : m) {
    f.removeFnAttr("target-cpu");
    f.removeFnAttr("target-features");
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i)) {
        call->setCallingConv(llvm::CallingConv::C);
        call->removeFnAttr(llvm::Attribute::NoInline);
      }
    if (&f == &main || f.isDeclaration()) continue;
    f.setLinkage(llvm::GlobalValue::InternalLinkage);
    f.setCallingConv(llvm::CallingConv::C);
    f.removeFnAttr(llvm::Attribute::NoInline);
    f.removeFnAttr(llvm::Attribute::OptimizeNone);
    f.addFnAttr(llvm::Attribute::AlwaysInline);
  }
  for (llvm::GlobalVariable& gv : m.globals())
    if (!gv.isDeclaration()) gv.setLinkage(llvm::GlobalValue::InternalLinkage);
  // A shader has no symbols to alias (constructors' C1 = C2 are aliases): a user of
  // one calls what it names, and an alias kept nothing alive past globaldce that the
  // shader does not reach.
  for (llvm::GlobalAlias& a : llvm::make_early_inc_range(m.aliases())) {
    a.replaceAllUsesWith(a.getAliasee());
    a.eraseFromParent();
  }
}

void simplify(llvm::Module& m, llvm::TargetMachine& tm, const char* pipeline) {
  runModulePasses(m, &tm, [&](llvm::PassBuilder& pb) {
    llvm::ModulePassManager mpm;
    llvm::cantFail(pb.parsePassPipeline(mpm, pipeline));
    return mpm;
  });
}

// Device data the shader reads becomes Private (each invocation's own copy of a
// constant table); device variables it writes have no SPIR-V home.
void moveConstantGlobals(llvm::Module& m, std::vector<ShaderProblem>& problems) {
  std::vector<llvm::GlobalVariable*> moved;
  for (llvm::GlobalVariable& gv : m.globals()) {
    unsigned as = gv.getAddressSpace();
    if ((as != kNvGlobal && as != kNvConstant) || gv.use_empty()) continue;
    if (!gv.isConstant() || !gv.hasInitializer()) {
      problems.push_back({"reaches the device variable '" + demangledName(gv.getName()) +
                              "': a SPIR-V shader has no device-wide variables (pass a pointer instead)",
                          sourcePoints(firstUserOf<llvm::Instruction>(gv))});
      continue;
    }
    moved.push_back(&gv);
  }
  for (llvm::GlobalVariable* gv : moved) {
    auto* copy = new llvm::GlobalVariable(m, gv->getValueType(), true, llvm::GlobalValue::InternalLinkage,
                                          gv->getInitializer(), gv->getName(), nullptr,
                                          llvm::GlobalValue::NotThreadLocal, kPrivate);
    copy->setAlignment(gv->getAlign());
    copy->takeName(gv);
    gv->replaceAllUsesWith(llvm::ConstantExpr::getAddrSpaceCast(copy, gv->getType()));
    gv->eraseFromParent();
  }
}

llvm::Value* physicalToGeneric(llvm::IRBuilder<>& b, llvm::Value* address) {
  return b.CreateAddrSpaceCast(b.CreateIntToPtr(address, b.getPtrTy(kPhysical)), b.getPtrTy(kFunction));
}

// Pointers made from integers or loaded from memory came from the host (or were
// computed from such): they are buffer device addresses. Stored pointers become the
// addresses they hold.
void markPhysicalPointers(llvm::Function& f) {
  std::vector<llvm::Instruction*> work;
  for (llvm::Instruction& i : llvm::instructions(f)) work.push_back(&i);
  llvm::Type* i64 = llvm::Type::getInt64Ty(f.getContext());
  for (llvm::Instruction* i : work) {
    llvm::IRBuilder<> b(i);
    if (auto* cast = llvm::dyn_cast<llvm::IntToPtrInst>(i); cast && cast->getType()->getPointerAddressSpace() == 0) {
      cast->replaceAllUsesWith(physicalToGeneric(b, b.CreateZExtOrTrunc(cast->getOperand(0), i64)));
      cast->eraseFromParent();
    } else if (auto* load = llvm::dyn_cast<llvm::LoadInst>(i);
               load && load->getType()->isPointerTy() && load->getType()->getPointerAddressSpace() != kWorkgroup) {
      llvm::LoadInst* bits = b.CreateAlignedLoad(i64, load->getPointerOperand(), load->getAlign());
      load->replaceAllUsesWith(physicalToGeneric(b, bits));
      load->eraseFromParent();
    } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(i);
               store && store->getValueOperand()->getType()->isPointerTy()) {
      b.CreateAlignedStore(b.CreatePtrToInt(store->getValueOperand(), i64), store->getPointerOperand(),
                           store->getAlign());
      store->eraseFromParent();
    }
  }
}

// SPIR-V's logical pointer arithmetic (access chains) cannot step through a
// PhysicalStorageBuffer pointer the way C++ does, and the backend does not carry such
// pointers through phis well: buffer addresses are integers everywhere, made into a
// pointer just before each access.
class PhysicalAddresses {
public:
  explicit PhysicalAddresses(llvm::Function& f) : f_(f), dl_(f.getParent()->getDataLayout()) {}

  void run() {
    std::vector<llvm::Instruction*> work;
    for (llvm::Instruction& i : llvm::instructions(f_)) work.push_back(&i);
    for (llvm::Instruction* i : work) {
      foldNullAddresses(*i);
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(i)) access(*i, load->getPointerOperandIndex());
      else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(i)) access(*i, store->getPointerOperandIndex());
      else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(i)) access(*i, rmw->getPointerOperandIndex());
      else if (auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(i)) access(*i, cas->getPointerOperandIndex());
      else if (auto* p2i = llvm::dyn_cast<llvm::PtrToIntInst>(i); p2i && physical(p2i->getPointerOperand())) {
        llvm::IRBuilder<> b(p2i);
        p2i->replaceAllUsesWith(b.CreateZExtOrTrunc(address(p2i->getPointerOperand()), p2i->getType()));
      } else if (auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(i); cmp && physical(cmp->getOperand(0))) {
        llvm::IRBuilder<> b(cmp);
        cmp->replaceAllUsesWith(b.CreateICmp(cmp->getPredicate(), address(cmp->getOperand(0)), address(cmp->getOperand(1))));
      }
    }
  }

private:
  // Folding left `ptrtoint (addrspacecast (ptr null ...))` behind for null tests; a
  // null buffer address is 0.
  static void foldNullAddresses(llvm::Instruction& i) {
    for (llvm::Use& u : i.operands())
      if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(u.get());
          ce && ce->getOpcode() == llvm::Instruction::PtrToInt && ce->getOperand(0)->stripPointerCasts()->isNullValue())
        u.set(llvm::ConstantInt::get(ce->getType(), 0));
  }

  static bool physical(llvm::Value* v) {
    return v->getType()->isPointerTy() && v->getType()->getPointerAddressSpace() == kPhysical;
  }

  void access(llvm::Instruction& i, unsigned operand) {
    llvm::Value* p = i.getOperand(operand);
    if (!physical(p)) return;
    llvm::IRBuilder<> b(&i);
    i.setOperand(operand, b.CreateIntToPtr(address(p), p->getType()));
  }

  // The address `p` holds, as an i64 computed where `p` was.
  llvm::Value* address(llvm::Value* p) {
    llvm::Type* i64 = llvm::Type::getInt64Ty(f_.getContext());
    if (auto it = done_.find(p); it != done_.end()) return it->second;
    if (auto* c = llvm::dyn_cast<llvm::Constant>(p); c && c->stripPointerCasts()->isNullValue())
      return llvm::ConstantInt::get(i64, 0);
    llvm::Value* a = nullptr;
    if (auto* cast = llvm::dyn_cast<llvm::IntToPtrInst>(p)) {
      llvm::IRBuilder<> b(cast);
      a = b.CreateZExtOrTrunc(cast->getOperand(0), i64);
    } else if (auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(p)) {
      llvm::Value* base = address(gep->getPointerOperand());
      llvm::IRBuilder<> b(gep);
      llvm::Value* offset = llvm::emitGEPOffset(&b, dl_, gep, /*NoAssumeInBounds=*/true);
      a = b.CreateAdd(base, b.CreateSExtOrTrunc(offset, i64));
    } else if (auto* phi = llvm::dyn_cast<llvm::PHINode>(p)) {
      llvm::IRBuilder<> b(phi);
      llvm::PHINode* ap = b.CreatePHI(i64, phi->getNumIncomingValues());
      done_[p] = ap; // before the incoming values: a loop reaches this phi again
      for (unsigned k = 0; k < phi->getNumIncomingValues(); ++k)
        ap->addIncoming(address(phi->getIncomingValue(k)), phi->getIncomingBlock(k));
      return ap;
    } else if (auto* sel = llvm::dyn_cast<llvm::SelectInst>(p)) {
      llvm::Value* t = address(sel->getTrueValue());
      llvm::Value* e = address(sel->getFalseValue());
      llvm::IRBuilder<> b(sel);
      a = b.CreateSelect(sel->getCondition(), t, e);
    } else {
      llvm::IRBuilder<> b(f_.getContext());
      if (auto* inst = llvm::dyn_cast<llvm::Instruction>(p)) b.SetInsertPoint(inst->getNextNode());
      else b.SetInsertPoint(&*f_.getEntryBlock().getFirstInsertionPt());
      a = b.CreatePtrToInt(p, i64);
    }
    done_[p] = a;
    return a;
  }

  llvm::Function& f_;
  const llvm::DataLayout& dl_;
  std::map<llvm::Value*, llvm::Value*> done_;
};

// CUDA's atomic functions are relaxed and device-wide (block-wide on __shared__);
// Clang writes them sequentially consistent at system scope, which Vulkan forbids.
void relaxAtomics(llvm::Function& f) {
  llvm::LLVMContext& ctx = f.getContext();
  auto scopeFor = [&](llvm::Value* p) {
    return ctx.getOrInsertSyncScopeID(p->getType()->getPointerAddressSpace() == kWorkgroup ? "workgroup" : "device");
  };
  for (llvm::Instruction& i : llvm::instructions(f)) {
    if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) {
      rmw->setOrdering(llvm::AtomicOrdering::Monotonic);
      rmw->setSyncScopeID(scopeFor(rmw->getPointerOperand()));
    } else if (auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) {
      cas->setSuccessOrdering(llvm::AtomicOrdering::Monotonic);
      cas->setFailureOrdering(llvm::AtomicOrdering::Monotonic);
      cas->setSyncScopeID(scopeFor(cas->getPointerOperand()));
    }
  }
}

} // namespace

std::unique_ptr<llvm::Module> lowerShader(const llvm::Module& device, const ShaderEntry& entry,
                                          llvm::TargetMachine& tm, std::vector<ShaderProblem>& problems) {
  std::unique_ptr<llvm::Module> m = llvm::CloneModule(device);
  m->setTargetTriple(tm.getTargetTriple());
  m->setDataLayout(tm.createDataLayout());
  llvm::Function* kernel = m->getFunction(entry.kernel);
  std::string why = "its definition is missing from the SPIR-V pass's module";
  if (!kernel || kernel->isDeclaration() || !buildMain(*m, *kernel, entry, why)) {
    problems.push_back({"cannot be made a shader: " + why, {}});
    return nullptr;
  }
  llvm::Function& main = *m->getFunction("main");
  keepOnlyMain(*m, main);
  mapBuiltins(*m, entry.localSize);
  simplify(*m, tm, "always-inline,globaldce,function(sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg,sroa,instcombine<no-verify-fixpoint>,gvn,"
                   "simplifycfg,instcombine<no-verify-fixpoint>)");
  size_t before = problems.size();
  moveConstantGlobals(*m, problems);
  markPhysicalPointers(main);
  runModulePasses(*m, &tm, [](llvm::PassBuilder&) {
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(llvm::InferAddressSpacesPass(kFunction)));
    return mpm;
  });
  simplify(*m, tm, "function(instcombine<no-verify-fixpoint>,simplifycfg)");
  markPhysicalPointers(main); // instcombine may have merged a load and its cast again
  checkShader(*m, main, problems);
  if (problems.size() != before) return nullptr;
  // The line tables were for the diagnostics; a shader carries none.
  llvm::StripDebugInfo(*m);
  PhysicalAddresses(main).run();
  relaxAtomics(main);
  // LLVM 22's SPIR-V backend structurizes control flow itself, but not every shape
  // correctly (a switch among early exits, as in cuda_fp16's __float2half, gives a
  // branch into a selection past its header): switches become branches, and the
  // CFG is made structured before the backend sees it.
  simplify(*m, tm, "function(adce,lower-switch,structurizecfg),globaldce");
  bindPushConstants(*m, entry.pushBytes);
  return m;
}

} // namespace circle
