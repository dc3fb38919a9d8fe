// A kernel whose body differs per sm in one AST: for some sms its template is
// instantiated again with other arguments (sema/policy_chains.h: CUB's policy for that
// sm's PTX version), and that sm's pass generates the other instantiation under the
// kernel's own symbol, the one the host registers and launches. Each cubin then holds
// the body nvcc's pass for that sm would have compiled, and no other sm's.
#pragma once
#include <cstddef>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace clang {
class CodeGenerator;
class Decl;
class FunctionDecl;
} // namespace clang
namespace llvm {
class Module;
}

namespace circle {

class KernelVariants {
public:
  // In the pass for sms of PTX version `smNumber` (sm_90 and sm_90a: 90), `variant`'s
  // body is `kernel`'s.
  void add(int smNumber, const clang::FunctionDecl* kernel, const clang::FunctionDecl* variant);
  bool empty() const { return variants_.empty(); }
  size_t size() const { return variants_.size(); }

  // Whether the pass for `sm` (0: the host or SPIR-V) hands CodeGen nothing of `d`:
  // every other sm's variants, and the kernels this sm's variants stand in for.
  bool notFor(int sm, const clang::Decl* d) const;

  // The (variant, kernel) pairs of `sm`'s pass.
  std::vector<std::pair<const clang::FunctionDecl*, const clang::FunctionDecl*>> of(int sm) const;

private:
  std::map<int, std::map<const clang::FunctionDecl*, const clang::FunctionDecl*>> bySm_; // kernel -> variant
  std::set<const clang::Decl*> variants_;
};

// In `m`, which `gen` generated for a pass with these (variant, kernel) pairs: each
// variant's function takes its kernel's symbol (a definition of the kernel's own, which
// only a reference from device code brings, gives way to it).
void giveKernelSymbols(clang::CodeGenerator& gen, llvm::Module& m,
                       const std::vector<std::pair<const clang::FunctionDecl*, const clang::FunctionDecl*>>& pairs);

} // namespace circle
