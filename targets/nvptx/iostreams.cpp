#include "targets/nvptx/iostreams.h"

#include "targets/nvptx/device_link.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace circle {
namespace {

// Whether a function or variable the module names has one of `parts` in its symbol.
template <size_t N> bool namesAny(const llvm::Module& m, const char* const (&parts)[N]) {
  for (const llvm::GlobalValue& gv : m.global_values())
    for (const char* part : parts)
      if (gv.getName().contains(part)) return true;
  return false;
}

// The runtime's int `flag` becomes the constant `on`: its loads fold, and what it
// guards goes with them.
void settleFlag(llvm::Module& m, const char* name, bool on) {
  llvm::GlobalVariable* flag = m.getNamedGlobal(name);
  if (!flag || flag->isDeclaration()) return;
  auto* value = llvm::ConstantInt::get(flag->getValueType(), on ? 1 : 0);
  flag->setInitializer(value);
  flag->setConstant(true);
  // Its loads become the value here: they go through an address-space cast, which
  // the optimizer's constant folding does not look through.
  std::vector<llvm::User*> users(flag->user_begin(), flag->user_end());
  for (size_t i = 0; i < users.size(); ++i) {
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(users[i]); load && load->getType() == value->getType())
      load->replaceAllUsesWith(value);
    else if (llvm::isa<llvm::ConstantExpr, llvm::CastInst>(users[i]))
      users.insert(users.end(), users[i]->user_begin(), users[i]->user_end());
  }
}

} // namespace

void buildStandardStreamsOnEntry(llvm::Module& m) {
  bool named = false;
  for (const char* symbol : {"_ZSt4cout", "_ZSt4cerr", "_ZSt4clog", "_ZSt3cin"})
    if (llvm::GlobalVariable* gv = m.getNamedGlobal(symbol); gv && !gv->use_empty()) named = true;
  if (!named) return;
  llvm::FunctionCallee build =
      m.getOrInsertFunction("__circle_standard_streams", llvm::Type::getVoidTy(m.getContext()));
  for (llvm::Function& f : m)
    if (isKernel(f) && !f.isDeclaration())
      llvm::IRBuilder<>(&*f.getEntryBlock().getFirstInsertionPt()).CreateCall(build);
}

bool readsFromStreams(const llvm::Module& m) {
  // std::istream (Si), std::iostream (Sd), the input string streams (not
  // basic_ostringstream), extraction operators and getline, num_get, std::cin.
  static const char* const kInput[] = {"_ZNSi", "_ZNKSi", "_ZNSd", "istream", "istringstream", "basic_stringstream", "num_get",
                                       "_ZSt3cin", "_ZStrs", "getline", "_ZSt2ws", "_ZTVSi", "_ZTVSd"};
  return namesAny(m, kInput);
}

bool usesWideStreams(const llvm::Module& m) {
  // basic_ios<wchar_t> and everything built on it (the wide streams and string
  // streams), and the wide facets named directly.
  static const char* const kWide[] = {"IwSt11char_traitsIwE", "ctypeIwE", "numpunctIwE", "num_putIw", "num_getIw",
                                      "collateIwE"};
  return namesAny(m, kWide);
}

void settleLocale(llvm::Module& m, bool reads, bool wide) {
  settleFlag(m, "__circle_locale_reads_numbers", reads);
  settleFlag(m, "__circle_locale_wide", wide);
}

} // namespace circle
