#include "targets/nvptx/recursion_loops.h"

#include "targets/nvptx/device_link.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <map>
#include <set>
#include <vector>

namespace circle {
namespace {

// Marks the recursive copy, which stays as written when a module is optimised again
// (a device library's functions are, where the library is linked).
constexpr const char* kRecursiveCopy = "circle-recursive-copy";

// A stack object of f's own that only f's loads, stores and memory intrinsics
// (memset, memcpy, memmove: a zero-initialised array) reach: each level's contents
// can then live in its frame (a nested call given its address could not tell its
// own object from its caller's).
bool privateObject(llvm::AllocaInst* object) {
  if (!object->isStaticAlloca()) return false;
  std::vector<llvm::Value*> work{object};
  std::set<llvm::Value*> seen{object};
  while (!work.empty()) {
    llvm::Value* v = work.back();
    work.pop_back();
    for (llvm::User* u : v->users()) {
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(u)) {
        if (store->getValueOperand() == v) return false;
        continue;
      }
      if (llvm::isa<llvm::LoadInst>(u) || llvm::isa<llvm::ICmpInst>(u)) continue;
      if (auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(u); call && call->isLifetimeStartOrEnd()) continue;
      if (auto* mem = llvm::dyn_cast<llvm::MemIntrinsic>(u)) {
        if (mem->isVolatile()) return false;
        continue;
      }
      if (!llvm::isa<llvm::GetElementPtrInst>(u) && !llvm::isa<llvm::CastInst>(u) && !llvm::isa<llvm::PHINode>(u) &&
          !llvm::isa<llvm::SelectInst>(u))
        return false;
      if (llvm::isa<llvm::PtrToIntInst>(u)) return false;
      if (seen.insert(u).second) work.push_back(u);
    }
  }
  return true;
}

// The calls to turn into jumps, or none when `f` cannot be a loop: a stack object a
// nested call could reach would be shared by every level, arguments copied at the
// call (byval) would not be copied, and a warp-wide operation (a barrier, a shuffle)
// would meet threads of other levels at the same instruction.
std::vector<llvm::CallInst*> selfCalls(llvm::Function& f) {
  std::vector<llvm::CallInst*> calls;
  if (f.isDeclaration() || f.isVarArg() || isKernel(f) || f.hasFnAttribute(kRecursiveCopy)) return {};
  for (llvm::Argument& a : f.args())
    if (a.hasByValAttr() || a.hasInAllocaAttr() || a.hasPreallocatedAttr()) return {};
  for (llvm::Instruction& i : llvm::instructions(f)) {
    if (auto* object = llvm::dyn_cast<llvm::AllocaInst>(&i); object && !privateObject(object)) return {};
    if (llvm::isa<llvm::InvokeInst>(i) || llvm::isa<llvm::CallBrInst>(i) || llvm::isa<llvm::IndirectBrInst>(i) ||
        i.getType()->isTokenTy())
      return {};
    auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
    if (!call) continue;
    if (call->getCalledFunction() != &f) {
      if (call->isConvergent()) return {};
      continue;
    }
    if (call->isMustTailCall() || call->getFunctionType() != f.getFunctionType()) return {};
    calls.push_back(call);
  }
  return calls;
}

// The slots a caller reads again after the call returns: loaded on some path from
// where it resumes before the path stores them.
std::set<llvm::AllocaInst*> readAfter(llvm::BasicBlock* resume, const std::vector<llvm::AllocaInst*>& slots) {
  std::set<llvm::AllocaInst*> read;
  for (llvm::AllocaInst* slot : slots)
    for (auto it = llvm::df_begin(resume), end = llvm::df_end(resume); it != end && !read.count(slot);) {
      bool stored = false;
      for (llvm::Instruction& i : **it) {
        if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i); load && load->getPointerOperand() == slot) {
          read.insert(slot);
          break;
        }
        if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i); store && store->getPointerOperand() == slot) {
          stored = true;
          break;
        }
      }
      if (stored) it.skipChildren(); // stored before any load: past here this path does not read it
      else ++it;
    }
  return read;
}

// The stack objects a caller reads again after the call returns: loaded, or copied
// from, somewhere reachable from where it resumes (stores to part of an object do
// not end it).
std::set<llvm::AllocaInst*> objectsReadAfter(llvm::BasicBlock* resume) {
  std::set<llvm::AllocaInst*> read;
  for (llvm::BasicBlock* b : llvm::depth_first(resume))
    for (llvm::Instruction& i : *b) {
      const llvm::Value* from = nullptr;
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i)) from = load->getPointerOperand();
      else if (auto* copy = llvm::dyn_cast<llvm::MemTransferInst>(&i)) from = copy->getRawSource();
      if (!from) continue;
      llvm::SmallVector<const llvm::Value*, 4> objects;
      llvm::getUnderlyingObjects(from, objects);
      for (const llvm::Value* o : objects)
        if (auto* object = llvm::dyn_cast<llvm::AllocaInst>(o)) read.insert(const_cast<llvm::AllocaInst*>(object));
    }
  return read;
}

// Every value used outside its block, every phi and every argument goes through a
// slot in the new entry block; within a block, values stay as they are (LLVM's reg2mem).
// Returns the arguments' slots, in order.
std::vector<llvm::AllocaInst*> valuesToSlots(llvm::Function& f, llvm::BasicBlock* entry) {
  std::vector<llvm::Instruction*> values;
  std::vector<llvm::PHINode*> phis;
  for (llvm::BasicBlock& b : f) {
    if (&b == entry) continue;
    for (llvm::Instruction& i : b) {
      // A phi is demoted twice, as LLVM's reg2mem does: its uses elsewhere read a
      // slot first, then its incoming values go through a slot of their own.
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(&i)) phis.push_back(phi);
      for (llvm::User* u : i.users())
        if (auto* ui = llvm::cast<llvm::Instruction>(u); ui->getParent() != &b || llvm::isa<llvm::PHINode>(ui)) {
          values.push_back(&i);
          break;
        }
    }
  }
  for (llvm::Instruction* i : values) llvm::DemoteRegToStack(*i);
  for (llvm::PHINode* phi : phis) llvm::DemotePHIToStack(phi);
  const unsigned space = f.getParent()->getDataLayout().getAllocaAddrSpace();
  std::vector<llvm::AllocaInst*> argSlots;
  for (llvm::Argument& a : f.args()) {
    auto* slot = new llvm::AllocaInst(a.getType(), space, a.getName() + ".slot", entry->begin());
    std::vector<llvm::Use*> uses;
    for (llvm::Use& u : a.uses()) uses.push_back(&u);
    new llvm::StoreInst(&a, slot, entry->getTerminator()->getIterator());
    for (llvm::Use* u : uses) {
      auto* user = llvm::cast<llvm::Instruction>(u->getUser());
      u->set(new llvm::LoadInst(a.getType(), slot, a.getName() + ".reload", user->getIterator()));
    }
    argSlots.push_back(slot);
  }
  return argSlots;
}

void makeLoop(llvm::Function& f, const std::vector<llvm::CallInst*>& calls) {
  llvm::LLVMContext& ctx = f.getContext();
  const unsigned space = f.getParent()->getDataLayout().getAllocaAddrSpace();
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);

  // The function as written serves calls deeper than the frame stack.
  llvm::ValueToValueMapTy map;
  llvm::Function* deep = llvm::CloneFunction(&f, map);
  deep->setName(f.getName() + ".deep");
  deep->setLinkage(llvm::GlobalValue::InternalLinkage);
  deep->addFnAttr(kRecursiveCopy);
  for (llvm::Instruction& i : llvm::instructions(*deep))
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i); call && call->getCalledFunction() == &f)
      call->setCalledFunction(deep);

  // Each call ends its block; the next block is where its caller resumes. The old
  // entry becomes the loop's head (an entry block cannot be jumped to).
  std::vector<llvm::BasicBlock*> resume;
  for (llvm::CallInst* call : calls) resume.push_back(llvm::SplitBlock(call->getParent(), call->getNextNode()));
  llvm::BasicBlock* head = &f.getEntryBlock();
  llvm::BasicBlock* entry = llvm::BasicBlock::Create(ctx, "frames.entry", &f, head);
  llvm::BranchInst* start = llvm::BranchInst::Create(head, entry);
  // The function's own objects are allocated once, in the new entry, and each level's
  // contents travel in its frame; their lifetime marks would end them at every level.
  std::vector<llvm::AllocaInst*> objects;
  std::vector<llvm::Instruction*> lifetimes;
  for (llvm::Instruction& i : llvm::instructions(f)) {
    if (auto* object = llvm::dyn_cast<llvm::AllocaInst>(&i)) objects.push_back(object);
    if (auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&i); call && call->isLifetimeStartOrEnd()) lifetimes.push_back(call);
  }
  for (llvm::Instruction* l : lifetimes) l->eraseFromParent();
  for (llvm::AllocaInst* object : objects) object->moveBefore(start->getIterator());
  std::vector<std::set<llvm::AllocaInst*>> objectsKept;
  for (llvm::BasicBlock* r : resume) objectsKept.push_back(objectsReadAfter(r));
  std::vector<llvm::AllocaInst*> argSlots = valuesToSlots(f, entry);

  // What each call's frame keeps: the slots its caller reads after it, but for the
  // call's own result, which the return writes.
  std::vector<llvm::AllocaInst*> result(calls.size(), nullptr);
  std::vector<std::vector<llvm::AllocaInst*>> kept(calls.size());
  std::map<llvm::AllocaInst*, unsigned> field; // its place in the frame, after the resume index
  std::vector<llvm::Type*> fields{i32};
  std::vector<llvm::AllocaInst*> slots;
  for (llvm::Instruction& i : *entry)
    if (auto* slot = llvm::dyn_cast<llvm::AllocaInst>(&i); slot && !llvm::is_contained(objects, slot)) slots.push_back(slot);
  for (size_t c = 0; c < calls.size(); ++c) {
    for (llvm::User* u : calls[c]->users())
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(u)) result[c] = llvm::cast<llvm::AllocaInst>(store->getPointerOperand());
    std::set<llvm::AllocaInst*> read = readAfter(resume[c], slots);
    read.insert(objectsKept[c].begin(), objectsKept[c].end());
    // In the function's order, not the sets' (addresses): the same PTX every compile.
    for (const std::vector<llvm::AllocaInst*>* order : {&slots, &objects})
      for (llvm::AllocaInst* slot : *order) {
        if (slot == result[c] || !read.count(slot)) continue;
        kept[c].push_back(slot);
        if (field.emplace(slot, fields.size()).second) fields.push_back(slot->getAllocatedType());
      }
  }
  llvm::StructType* frameType = llvm::StructType::get(ctx, fields);
  llvm::ArrayType* stackType = llvm::ArrayType::get(frameType, kLoopFrames);
  llvm::IRBuilder<> b(entry->getTerminator());
  auto* frames = new llvm::AllocaInst(stackType, space, "frames", entry->begin());
  auto* depth = new llvm::AllocaInst(i32, space, "frames.depth", entry->begin());
  b.CreateStore(b.getInt32(0), depth);
  auto frameField = [&](llvm::Value* level, unsigned index) {
    return b.CreateInBoundsGEP(stackType, frames, {b.getInt32(0), level, b.getInt32(index)});
  };
  const llvm::DataLayout& layout = f.getParent()->getDataLayout();
  // A slot's value, or an object's contents whole, between the slot and a frame's field.
  auto copy = [&](llvm::AllocaInst* slot, llvm::Value* to, llvm::Value* from) {
    llvm::Type* type = slot->getAllocatedType();
    if (!llvm::is_contained(objects, slot)) return (void)b.CreateStore(b.CreateLoad(type, from), to);
    auto align = [&](llvm::Value* p) { return p == slot ? slot->getAlign() : layout.getABITypeAlign(type); };
    b.CreateMemCpy(to, align(to), from, align(from), *slot->getAllocationSize(layout));
  };

  // A call: push the caller's frame and start again with the call's arguments; past
  // kLoopFrames frames, call the recursive copy.
  for (size_t c = 0; c < calls.size(); ++c) {
    llvm::CallInst* call = calls[c];
    llvm::BasicBlock* before = call->getParent();
    llvm::BasicBlock* callDeep = llvm::SplitBlock(before, call);
    call->setCalledFunction(deep);
    call->setTailCall(false); // the caller has stack slots now
    before->getTerminator()->eraseFromParent();
    llvm::BasicBlock* push = llvm::BasicBlock::Create(ctx, "frames.push", &f);
    b.SetInsertPoint(before);
    llvm::Value* level = b.CreateLoad(i32, depth);
    b.CreateCondBr(b.CreateICmpULT(level, b.getInt32(kLoopFrames)), push, callDeep);
    b.SetInsertPoint(push);
    b.CreateStore(b.getInt32(c), frameField(level, 0));
    for (llvm::AllocaInst* slot : kept[c])
      copy(slot, frameField(level, field[slot]), slot);
    b.CreateStore(b.CreateAdd(level, b.getInt32(1)), depth);
    // The argument slots hold this level's arguments from here on.
    for (unsigned k = 0; k < call->arg_size(); ++k) b.CreateStore(call->getArgOperand(k), argSlots[k]);
    b.CreateBr(head);
  }

  // A return: with no frame left, return; otherwise pop one and resume its caller.
  std::vector<llvm::ReturnInst*> returns;
  for (llvm::BasicBlock& block : f)
    if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(block.getTerminator())) returns.push_back(ret);
  llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx, "frames.return", &f);
  llvm::PHINode* value = nullptr;
  if (!f.getReturnType()->isVoidTy())
    value = llvm::PHINode::Create(f.getReturnType(), returns.size(), "returned", exit);
  for (llvm::ReturnInst* ret : returns) {
    if (value) value->addIncoming(ret->getReturnValue(), ret->getParent());
    llvm::BranchInst::Create(exit, ret->getIterator());
    ret->eraseFromParent();
  }
  b.SetInsertPoint(exit);
  llvm::Value* level = b.CreateLoad(i32, depth);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx, "frames.done", &f);
  llvm::BasicBlock* pop = llvm::BasicBlock::Create(ctx, "frames.pop", &f);
  b.CreateCondBr(b.CreateICmpEQ(level, b.getInt32(0)), done, pop);
  b.SetInsertPoint(done);
  if (value) b.CreateRet(value);
  else b.CreateRetVoid();
  b.SetInsertPoint(pop);
  llvm::Value* caller = b.CreateSub(level, b.getInt32(1));
  b.CreateStore(caller, depth);
  llvm::Value* site = b.CreateLoad(i32, frameField(caller, 0));
  std::vector<llvm::BasicBlock*> back;
  for (size_t c = 0; c < calls.size(); ++c) {
    back.push_back(llvm::BasicBlock::Create(ctx, "frames.resume", &f));
    b.SetInsertPoint(back.back());
    for (llvm::AllocaInst* slot : kept[c])
      copy(slot, slot, frameField(caller, field[slot]));
    if (result[c]) b.CreateStore(value, result[c]);
    b.CreateBr(resume[c]);
  }
  b.SetInsertPoint(pop);
  llvm::SwitchInst* to = b.CreateSwitch(site, back.front(), calls.size() - 1);
  for (size_t c = 1; c < calls.size(); ++c) to->addCase(b.getInt32(c), back[c]);

  // One copy of the frame stack per function, not one per caller it is inlined into.
  for (llvm::Function* g : {&f, deep}) {
    g->removeFnAttr(llvm::Attribute::AlwaysInline);
    g->addFnAttr(llvm::Attribute::NoInline);
  }
}

} // namespace

int loopSelfRecursion(llvm::Module& m) {
  std::vector<std::pair<llvm::Function*, std::vector<llvm::CallInst*>>> found;
  for (llvm::Function& f : m)
    if (std::vector<llvm::CallInst*> calls = selfCalls(f); !calls.empty()) found.emplace_back(&f, std::move(calls));
  for (auto& [f, calls] : found) makeLoop(*f, calls);
  return static_cast<int>(found.size());
}

} // namespace circle
