#include "codegen/target_switch.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"

namespace circle {
namespace {

// ASTContext keeps its target in a private member with no setter (Clang builds one
// context per target). An explicit template instantiation may name a private
// member ([temp.spec]/6), which is how we reach it without patching Clang.
struct TargetMember {
  using type = const clang::TargetInfo* clang::ASTContext::*;
  friend type memberPointer(TargetMember);
};
template <typename Tag, typename Tag::type Member>
struct ExposeMember {
  friend typename Tag::type memberPointer(Tag) { return Member; }
};
template struct ExposeMember<TargetMember, &clang::ASTContext::Target>;

} // namespace

TargetSwitch::TargetSwitch(clang::ASTContext& ctx, clang::LangOptions& langOpts,
                           const clang::TargetInfo& target, bool deviceSide)
    : ctx_(ctx), langOpts_(langOpts), savedLangOpts_(langOpts),
      savedTarget_(ctx.*memberPointer(TargetMember{})) {
  ctx_.*memberPointer(TargetMember{}) = &target;
  if (deviceSide) {
    langOpts_.CUDAIsDevice = 1;
    // The device has no unwinder: a throw reached from a kernel lowers to a call
    // into the device runtime, never to landing pads.
    langOpts_.Exceptions = 0;
    langOpts_.CXXExceptions = 0;
    // libdevice provides errno-free math; calls keep their C names and are bound
    // to __nv_* at device link time.
    langOpts_.MathErrno = 0;
    // -Xcompiler -fopenmp is for host code, as with nvcc. Clang's OpenMP code generation
    // for a GPU would otherwise move every local whose address escapes into
    // __kmpc_alloc_shared (OpenMP's generic data-sharing mode), a runtime device code
    // lacks; CUDA's mode keeps locals where CUDA puts them. An OpenMP directive reached
    // from a kernel then calls the OpenMP runtime, which the device link reports.
    langOpts_.OpenMPCUDAMode = 1;
  }
}

TargetSwitch::~TargetSwitch() {
  ctx_.*memberPointer(TargetMember{}) = savedTarget_;
  langOpts_ = savedLangOpts_;
}

} // namespace circle
