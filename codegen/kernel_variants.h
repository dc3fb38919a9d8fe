// A kernel whose body differs per sm in one AST: for some sms its template is
// instantiated again with other arguments (sema/policy_chains.h: CUB's policy for that
// sm's PTX version), and that sm's pass generates the other instantiation under the
// kernel's own symbol, the one the host registers and launches. Each cubin then holds
// the body nvcc's pass for that sm would have compiled, and no other sm's.
#pragma once
#include <cstddef>
#include <map>
#include <set>
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
  // body is `kernel`'s. `launched`: the variant is a kernel of the program too (one
  // instantiated with that policy node by the source itself), which every pass keeps.
  void add(int smNumber, const clang::FunctionDecl* kernel, const clang::FunctionDecl* variant, bool launched);
  bool empty() const { return smsOf_.empty(); }
  size_t size() const { return smsOf_.size(); }

  // Whether the pass for `sm` (0: the host or SPIR-V) hands CodeGen nothing of `d`:
  // every other sm's variants, and the kernels this sm's variants stand in for.
  bool notFor(int sm, const clang::Decl* d) const;

  struct StandIn {
    const clang::FunctionDecl* variant;
    const clang::FunctionDecl* kernel;
    bool launched; // the variant keeps its own symbol too
  };
  // Those of `sm`'s pass.
  std::vector<StandIn> of(int sm) const;

private:
  std::map<int, std::map<const clang::FunctionDecl*, const clang::FunctionDecl*>> bySm_; // kernel -> variant
  // A variant's sms: one instantiation serves every sm whose version picks its policy.
  std::map<const clang::Decl*, std::set<int>> smsOf_;
  std::set<const clang::Decl*> launched_;
};

// In `m`, which `gen` generated for a pass with these stand-ins: each variant's function
// takes its kernel's symbol, or a copy of it does where the variant is launched too (a
// definition of the kernel's own, which only a reference from device code brings,
// gives way to it).
void giveKernelSymbols(clang::CodeGenerator& gen, llvm::Module& m, const std::vector<KernelVariants::StandIn>& standIns);

} // namespace circle
