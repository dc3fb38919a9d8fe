// CUB tunes each algorithm per architecture with a chain of policies,
// ChainedPolicy<PTX version, Policy, Previous>: the host's dispatch walks the chain
// with the device's PTX version at run time (cub::PtxVersion), and every kernel reads
// `ChainedPolicyT::ActivePolicy`, which the compile-time PTX version picks. nvcc's
// device pass for each sm has its own; circle's one pass has the newest sm's
// (frontend/invocation.cpp). For every older sm whose version picks another policy,
// each kernel instantiated with a chain is instantiated again with that sm's policy in
// the chain's place (a chain node whose own ActivePolicy is itself, since its version
// is at most that sm's), and that sm's pass generates it under the kernel's symbol
// (codegen/kernel_variants.h): each sm runs the kernel nvcc's build for it runs, and
// the host launches it with the same policy.
//
// The chain is recognised by its shape (a class template ChainedPolicy<int, class,
// class> in namespace cub, with an ActivePolicy member); circle's walk of it is checked
// against the ActivePolicy Clang computed for the newest sm, so a CCCL whose chain
// reads differently is an error, not a wrong policy. A kernel that nests a chain inside
// another template argument, or sits in a class template over one, is an error too.
#pragma once
#include <vector>

namespace clang {
class FunctionDecl;
class Sema;
} // namespace clang

namespace circle {

class KernelVariants;

// `kernels`: the functions the parse instantiated (kernels among them); `sms`: the
// compile's. Returns false after reporting an error.
bool instantiatePerSmPolicies(clang::Sema& sema, const std::vector<clang::FunctionDecl*>& instantiated,
                              const std::vector<int>& sms, KernelVariants& out);

} // namespace circle
