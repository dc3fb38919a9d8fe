// Finding who uses an LLVM value when the use may sit inside constant expressions
// (a global's address cast or offset in an initializer or an instruction operand), and
// where an instruction's use reads its operand.
#pragma once
#include "llvm/IR/Constant.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Value.h"
#include "llvm/Support/Casting.h"

namespace circle {

// The first user of `v` that is a T, looking through constants that wrap `v`.
template <class T> const T* firstUserOf(const llvm::Value& v) {
  for (const llvm::User* u : v.users()) {
    if (auto* t = llvm::dyn_cast<T>(u)) return t;
    if (auto* c = llvm::dyn_cast<llvm::Constant>(u))
      if (const T* t = firstUserOf<T>(*c)) return t;
  }
  return nullptr;
}

// The point a use reads its operand at: a phi reads at the end of the predecessor the
// value comes from, any other instruction where it stands.
inline llvm::Instruction* readPoint(const llvm::Use& u) {
  auto* user = llvm::cast<llvm::Instruction>(u.getUser());
  if (auto* phi = llvm::dyn_cast<llvm::PHINode>(user)) return phi->getIncomingBlock(u)->getTerminator();
  return user;
}

} // namespace circle
