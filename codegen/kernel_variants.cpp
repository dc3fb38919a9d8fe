#include "codegen/kernel_variants.h"

#include "support/gpu_arch.h"

#include "clang/AST/Decl.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

namespace circle {

void KernelVariants::add(int smNumber, const clang::FunctionDecl* kernel, const clang::FunctionDecl* variant,
                         bool launched) {
  bySm_[smNumber][kernel->getCanonicalDecl()] = variant->getCanonicalDecl();
  smsOf_[variant->getCanonicalDecl()].insert(smNumber);
  if (launched) launched_.insert(variant->getCanonicalDecl());
}

bool KernelVariants::notFor(int sm, const clang::Decl* d) const {
  if (smsOf_.empty()) return false;
  d = d->getCanonicalDecl();
  if (auto it = smsOf_.find(d); it != smsOf_.end())
    return !launched_.count(d) && (!sm || !it->second.count(smNumber(sm)));
  auto mine = sm ? bySm_.find(smNumber(sm)) : bySm_.end();
  auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
  return mine != bySm_.end() && fd && mine->second.count(fd); // a variant stands in for it
}

std::vector<KernelVariants::StandIn> KernelVariants::of(int sm) const {
  std::vector<StandIn> out;
  if (auto it = bySm_.find(smNumber(sm)); it != bySm_.end())
    for (const auto& [kernel, variant] : it->second) out.push_back({variant, kernel, launched_.count(variant) != 0});
  return out;
}

void giveKernelSymbols(clang::CodeGenerator& gen, llvm::Module& m, const std::vector<KernelVariants::StandIn>& standIns) {
  for (const KernelVariants::StandIn& s : standIns) {
    llvm::Function* body = m.getFunction(gen.GetMangledName(clang::GlobalDecl(s.variant)));
    if (!body) continue;
    if (s.launched) {
      llvm::ValueToValueMapTy copied;
      body = llvm::CloneFunction(body, copied);
    }
    std::string name = gen.GetMangledName(clang::GlobalDecl(s.kernel)).str();
    if (llvm::Function* own = m.getFunction(name)) {
      own->replaceAllUsesWith(body);
      own->eraseFromParent();
    }
    body->setName(name);
  }
}

} // namespace circle
