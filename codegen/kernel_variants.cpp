#include "codegen/kernel_variants.h"

#include "support/gpu_arch.h"

#include "clang/AST/Decl.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "llvm/IR/Module.h"

namespace circle {

void KernelVariants::add(int smNumber, const clang::FunctionDecl* kernel, const clang::FunctionDecl* variant) {
  bySm_[smNumber][kernel->getCanonicalDecl()] = variant->getCanonicalDecl();
  variants_.insert(variant->getCanonicalDecl());
}

bool KernelVariants::notFor(int sm, const clang::Decl* d) const {
  if (variants_.empty() || !llvm::isa<clang::FunctionDecl>(d)) return false;
  d = d->getCanonicalDecl();
  auto mine = sm ? bySm_.find(smNumber(sm)) : bySm_.end();
  if (mine == bySm_.end()) return variants_.count(d) != 0;
  auto* fd = llvm::cast<clang::FunctionDecl>(d);
  if (mine->second.count(fd)) return true; // a variant stands in for it
  if (!variants_.count(d)) return false;
  for (const auto& [kernel, variant] : mine->second)
    if (variant == d) return false;
  return true;
}

std::vector<std::pair<const clang::FunctionDecl*, const clang::FunctionDecl*>> KernelVariants::of(int sm) const {
  std::vector<std::pair<const clang::FunctionDecl*, const clang::FunctionDecl*>> out;
  if (auto it = bySm_.find(smNumber(sm)); it != bySm_.end())
    for (const auto& [kernel, variant] : it->second) out.emplace_back(variant, kernel);
  return out;
}

void giveKernelSymbols(clang::CodeGenerator& gen, llvm::Module& m,
                       const std::vector<std::pair<const clang::FunctionDecl*, const clang::FunctionDecl*>>& pairs) {
  for (const auto& [variant, kernel] : pairs) {
    llvm::Function* body = m.getFunction(gen.GetMangledName(clang::GlobalDecl(variant)));
    if (!body) continue;
    std::string name = gen.GetMangledName(clang::GlobalDecl(kernel)).str();
    if (llvm::Function* own = m.getFunction(name)) {
      own->replaceAllUsesWith(body);
      own->eraseFromParent();
    }
    body->setName(name);
  }
}

} // namespace circle
