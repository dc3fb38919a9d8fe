#include "targets/host/linked_registration.h"

#include "targets/host/host_io.h"
#include "targets/host/stack_limits.h"

#include "targets/llvm_pipeline.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <set>

namespace circle {
namespace {

constexpr uint32_t kFatbinWrapperMagic = 0x466243b1; // what __cudaRegisterFatBinary expects

struct Builder {
  llvm::LLVMContext ctx;
  llvm::Module m{"circle-linked-registration", ctx};
  llvm::Type* ptr = llvm::PointerType::getUnqual(ctx);
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
  llvm::Type* voidTy = llvm::Type::getVoidTy(ctx);

  llvm::FunctionCallee runtime(const char* name, llvm::Type* result, llvm::ArrayRef<llvm::Type*> params) {
    return m.getOrInsertFunction(name, llvm::FunctionType::get(result, params, false));
  }
  llvm::Function* define(const std::string& name, llvm::Type* result, llvm::ArrayRef<llvm::Type*> params,
                         llvm::GlobalValue::LinkageTypes linkage) {
    return llvm::Function::Create(llvm::FunctionType::get(result, params, false), linkage, name, m);
  }
};

} // namespace

std::string writeLinkedRegistration(const LinkedRegistration& r, const std::string& objectPath) {
  Builder b;
  llvm::Module& m = b.m;
  std::string triple = llvm::sys::getDefaultTargetTriple();
  m.setTargetTriple(llvm::Triple(triple));

  // The fat binary and the wrapper the runtime reads, where nvcc puts them.
  auto* data = llvm::ConstantDataArray::getString(b.ctx, r.fatbin, /*AddNull=*/false);
  auto* fatbin = new llvm::GlobalVariable(m, data->getType(), true, llvm::GlobalValue::PrivateLinkage, data,
                                          "__circle_linked_fatbin");
  fatbin->setSection(".nv_fatbin");
  fatbin->setAlignment(llvm::Align(8));
  auto* wrapperTy = llvm::StructType::get(b.i32, b.i32, b.ptr, b.ptr);
  auto* wrapper = new llvm::GlobalVariable(
      m, wrapperTy, true, llvm::GlobalValue::InternalLinkage,
      llvm::ConstantStruct::get(wrapperTy, {llvm::ConstantInt::get(b.i32, kFatbinWrapperMagic),
                                            llvm::ConstantInt::get(b.i32, 1), fatbin,
                                            llvm::ConstantPointerNull::get(llvm::cast<llvm::PointerType>(b.ptr))}),
      "__circle_linked_fatbin_wrapper");
  wrapper->setSection(".nvFatBinSegment");
  wrapper->setAlignment(llvm::Align(8));

  const unsigned objects = static_cast<unsigned>(r.registrations.size());
  auto* pendingTy = llvm::ArrayType::get(b.ptr, objects);
  auto* pending = new llvm::GlobalVariable(m, pendingTy, false, llvm::GlobalValue::InternalLinkage,
                                           llvm::ConstantAggregateZero::get(pendingTy), "__circle_pending");
  auto* arrived = new llvm::GlobalVariable(m, b.i32, false, llvm::GlobalValue::InternalLinkage,
                                           llvm::ConstantInt::get(b.i32, 0), "__circle_arrived");
  auto* handle = new llvm::GlobalVariable(m, b.ptr, false, llvm::GlobalValue::InternalLinkage,
                                          llvm::ConstantPointerNull::get(llvm::cast<llvm::PointerType>(b.ptr)),
                                          "__circle_handle");

  auto registerFatbin = b.runtime("__cudaRegisterFatBinary", b.ptr, {b.ptr});
  auto registerEnd = b.runtime("__cudaRegisterFatBinaryEnd", b.voidTy, {b.ptr});
  auto unregisterFatbin = b.runtime("__cudaUnregisterFatBinary", b.voidTy, {b.ptr});
  auto atexitFn = b.runtime("atexit", b.i32, {b.ptr});

  // Unregistered at exit, as Clang's own module destructor does.
  llvm::Function* unregister = b.define("__circle_unregister", b.voidTy, {}, llvm::GlobalValue::InternalLinkage);
  {
    llvm::IRBuilder<> ir(llvm::BasicBlock::Create(b.ctx, "entry", unregister));
    ir.CreateCall(unregisterFatbin, {ir.CreateLoad(b.ptr, handle)});
    ir.CreateRetVoid();
  }

  llvm::Function* arrive = b.define("__circle_arrive", b.voidTy, {b.ptr}, llvm::GlobalValue::InternalLinkage);
  {
    auto* entry = llvm::BasicBlock::Create(b.ctx, "entry", arrive);
    auto* all = llvm::BasicBlock::Create(b.ctx, "all_arrived", arrive);
    auto* done = llvm::BasicBlock::Create(b.ctx, "done", arrive);
    llvm::IRBuilder<> ir(entry);
    llvm::Value* n = ir.CreateLoad(b.i32, arrived);
    ir.CreateStore(arrive->getArg(0), ir.CreateInBoundsGEP(pendingTy, pending, {ir.getInt32(0), n}));
    llvm::Value* next = ir.CreateAdd(n, ir.getInt32(1));
    ir.CreateStore(next, arrived);
    ir.CreateCondBr(ir.CreateICmpEQ(next, ir.getInt32(objects)), all, done);
    ir.SetInsertPoint(all);
    llvm::Value* h = ir.CreateCall(registerFatbin, {wrapper});
    ir.CreateStore(h, handle);
    auto* callbackTy = llvm::FunctionType::get(b.voidTy, {b.ptr}, false);
    for (unsigned i = 0; i < objects; ++i) {
      llvm::Value* slot = ir.CreateInBoundsGEP(pendingTy, pending, {ir.getInt32(0), ir.getInt32(i)});
      ir.CreateCall(callbackTy, ir.CreateLoad(b.ptr, slot), {h});
    }
    llvm::Instruction* end = ir.CreateCall(registerEnd, {h});
    if (!r.hostIoServer.empty())
      if (std::string err = defineLinkedHostIo(m, end, h, r.hostIoServer); !err.empty()) return err;
    ir.CreateCall(atexitFn, {unregister});
    ir.CreateBr(done);
    ir.SetInsertPoint(done);
    ir.CreateRetVoid();
  }

  if (!r.objectSymbols.empty()) {
    std::vector<llvm::Constant*> refs;
    for (const std::string& name : r.objectSymbols)
      refs.push_back(m.getOrInsertGlobal(name, llvm::Type::getInt8Ty(b.ctx)));
    auto* refsTy = llvm::ArrayType::get(b.ptr, refs.size());
    auto* table = new llvm::GlobalVariable(m, refsTy, /*isConstant=*/true, llvm::GlobalValue::InternalLinkage,
                                           llvm::ConstantArray::get(refsTy, refs), "__circle_linked_objects");
    llvm::appendToUsed(m, {table});
  }

  // void __cudaRegisterLinkedBinary_<id>(void (*register_globals)(void**), void* wrapper,
  //                                      void* module_id, void (*callback)(void**))
  std::set<std::string> defined;
  for (const auto& [kernel, bytes] : r.stackBytes)
    new llvm::GlobalVariable(m, b.i64, /*isConstant=*/true, llvm::GlobalValue::ExternalLinkage,
                             llvm::ConstantInt::get(b.i64, bytes), linkedStackSymbol(kernel));
  for (const std::string& name : r.registrations) {
    if (!defined.insert(name).second) continue;
    llvm::Function* f = b.define(name, b.voidTy, {b.ptr, b.ptr, b.ptr, b.ptr}, llvm::GlobalValue::ExternalLinkage);
    llvm::IRBuilder<> ir(llvm::BasicBlock::Create(b.ctx, "entry", f));
    ir.CreateCall(arrive, {f->getArg(0)});
    ir.CreateRetVoid();
  }

  std::string err;
  if (llvm::verifyModule(m, &llvm::errs())) return "circle built an invalid registration module (a circle bug)";
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(m.getTargetTriple(), err);
  if (!target) return "no host code generator for " + triple + ": " + err;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(m.getTargetTriple(), "generic", "",
                                                                      llvm::TargetOptions(), llvm::Reloc::PIC_));
  m.setDataLayout(tm->createDataLayout());
  std::error_code ec;
  llvm::raw_fd_ostream os(objectPath, ec, llvm::sys::fs::OF_None);
  if (ec) return "cannot write '" + objectPath + "': " + ec.message();
  if (!emitWithBackend(m, *tm, os, llvm::CodeGenFileType::ObjectFile))
    return "the host code generator cannot write object files";
  return {};
}

} // namespace circle
