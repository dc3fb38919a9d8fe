#include "sema/execution_spaces.h"

#include "sema/walk_tape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/LangOptions.h"

namespace circle {

void enableTaglessDeviceCalls(clang::LangOptions& langOpts) {
  // Clang's standard-parallelism offload mode relaxes exactly the rule circle drops:
  // __global__/__device__/__host__ __device__ code may call unannotated (host)
  // functions, and overload resolution keeps them viable. It also makes device
  // CodeGen emit unannotated functions (the device link later keeps only what the
  // kernels reach) and turns host-only builtins and inline asm reached from device
  // code into markers instead of hard errors. Explicit __device__ functions stay
  // device-only: calling one from host code is still an error, as in CUDA.
  langOpts.HIPStdPar = 1;
  // Untagged functions are __host__ __device__ (untagged_functions.h); in the one
  // host-mode parse, a __device__ overload with a closer match (the CUDA headers'
  // pow(double, int), min(int, int)) must not win over the host's: a device-only
  // candidate is chosen only where no other is viable.
  langOpts.GPUExcludeWrongSideOverloads = 1;
}

namespace {

class VirtualFunctionTagger : public InstantiationVisitor<VirtualFunctionTagger> {
public:
  explicit VirtualFunctionTagger(clang::ASTContext& ast) : ast_(ast) {}
  // A class's methods include the implicit ones Sema declared (a virtual destructor
  // fills a vtable slot too), which the walk does not visit; each declaration of a
  // method is tagged, since an attribute added after the parse reaches no other.
  bool VisitCXXRecordDecl(clang::CXXRecordDecl* rd) {
    if (!rd->isThisDeclarationADefinition()) return true;
    for (clang::CXXMethodDecl* md : rd->methods())
      if (md->isVirtual())
        for (clang::FunctionDecl* redecl : md->redecls()) tag(*redecl);
    return true;
  }

private:
  void tag(clang::FunctionDecl& fd) {
    // Sema infers a host-only space for implicit special members of classes whose
    // bases are untagged; only what the user wrote is kept.
    auto* host = fd.getAttr<clang::CUDAHostAttr>();
    auto* device = fd.getAttr<clang::CUDADeviceAttr>();
    if ((host && !host->isImplicit()) || (device && !device->isImplicit())) return;
    if (!host) fd.addAttr(clang::CUDAHostAttr::CreateImplicit(ast_));
    if (!device) fd.addAttr(clang::CUDADeviceAttr::CreateImplicit(ast_));
  }

  clang::ASTContext& ast_;
};

} // namespace

void makeVirtualFunctionsTagless(const WalkTape& tape) {
  VirtualFunctionTagger tagger(tape.ast());
  tape.replay(tagger);
}

} // namespace circle
