#include "codegen/target_pass.h"

#include "codegen/codegen_objects.h"
#include "codegen/explicit_instantiations.h"
#include "codegen/kernel_variants.h"
#include "codegen/left_out_functions.h"
#include "codegen/replay_consumer.h"
#include "codegen/target_switch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Module.h"

namespace circle {
namespace {

// What in `m` refers to a function or variable `leaveOut` left out: the readings
// missed a reference that CodeGen then found.
const clang::Decl* namedLeftOut(clang::CodeGenerator& gen, const llvm::Module& m, const LeftOutFunctions& leaveOut) {
  auto leftOut = [&](const llvm::GlobalValue& g) -> const clang::Decl* {
    const clang::Decl* d = g.isDeclaration() ? gen.GetDeclForMangledName(g.getName()) : nullptr;
    return leaveOut.neededAfterAll(d) ? d : nullptr;
  };
  for (const llvm::Function& f : m)
    if (const clang::Decl* d = leftOut(f)) return d;
  for (const llvm::GlobalVariable& v : m.globals())
    if (const clang::Decl* d = leftOut(v)) return d;
  return nullptr;
}

// A header may redeclare, inside a namespace, an extern "C" function the preamble
// defines inline (cuda_awbarrier.h's __nvvm_get_smem_pointer, which Clang's CUDA headers
// define): Clang does not join a __device__ one to the global declaration, and CodeGen
// finds the body by the shared C name, through the definition it saw at the top level.
// From the preamble's PCH it saw none, and the call stayed undefined. Each such
// declaration the parse used gets the PCH's definition.
void collectUsedExternCRedeclarations(const clang::DeclContext& dc, std::vector<const clang::FunctionDecl*>& out) {
  for (const clang::Decl* d : dc.noload_decls()) {
    if (llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl, clang::ExportDecl>(d))
      collectUsedExternCRedeclarations(*llvm::cast<clang::DeclContext>(d), out);
    else if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d))
      if (fd->isExternC() && fd->isUsed(false) && !fd->getDefinition() &&
          !fd->getDeclContext()->getRedeclContext()->isTranslationUnit())
        out.push_back(fd);
  }
}

void defineExternCFromPreamble(clang::CodeGenerator& gen, clang::ASTContext& ast) {
  if (!ast.getExternalSource()) return;
  std::vector<const clang::FunctionDecl*> redeclarations;
  for (const clang::Decl* d : ast.getTranslationUnitDecl()->noload_decls())
    if (llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl, clang::ExportDecl>(d))
      collectUsedExternCRedeclarations(*llvm::cast<clang::DeclContext>(d), redeclarations);
  for (const clang::FunctionDecl* fd : redeclarations)
    for (clang::NamedDecl* d : ast.getTranslationUnitDecl()->lookup(fd->getDeclName())) {
      auto* global = llvm::dyn_cast<clang::FunctionDecl>(d);
      const clang::FunctionDecl* def = global && global->isExternC() ? global->getDefinition() : nullptr;
      if (def && def->isFromASTFile()) gen.HandleTopLevelDecl(clang::DeclGroupRef(const_cast<clang::FunctionDecl*>(def)));
    }
}

} // namespace

std::unique_ptr<llvm::Module> runTargetPass(const TargetPassInput& in, const clang::TargetInfo& target,
                                            bool deviceSide, const clang::CodeGenOptions& codeGenOpts,
                                            llvm::LLVMContext& llvmContext, const std::string& moduleName) {
  clang::CompilerInstance& ci = in.compiler;
  // The switch must outlive the generator: CodeGen reads the target until it is destroyed.
  TargetSwitch use(in.ast, ci.getLangOpts(), target, deviceSide);
  std::unique_ptr<clang::CodeGenerator> gen =
      clang::CreateLLVMCodeGen(ci.getDiagnostics(), moduleName, ci.getVirtualFileSystemPtr(),
                               ci.getHeaderSearchOpts(), ci.getPreprocessorOpts(), codeGenOpts, llvmContext);
  gen->Initialize(in.ast);
  std::vector<std::string> instantiations;
  LeftOutFunctions* leaveOut = in.leaveOut && !in.leaveOut->handsOverAll() ? in.leaveOut : nullptr;
  std::function<bool(const clang::Decl*)> leftOut;
  if (leaveOut) leftOut = [&](const clang::Decl* d) { return leaveOut->leavesOut(d); };
  std::function<bool(const clang::Decl*)> notHere;
  if (in.variants && !in.variants->empty())
    notHere = [&](const clang::Decl* d) { return in.variants->notFor(in.sm, d); };
  in.events.replay(
      *gen, in.ast,
      [&] {
        if (in.explicitInstantiationsAreRoots) instantiations = generateExplicitInstantiations(in.ast, *gen);
        defineExternCFromPreamble(*gen, in.ast);
      },
      leftOut, notHere);
  if (ci.getDiagnostics().hasErrorOccurred()) return nullptr;
  if (const clang::Decl* named = leaveOut && gen->GetModule() ? namedLeftOut(*gen, *gen->GetModule(), *leaveOut) : nullptr) {
    leaveOut->handOverAll(named);
    gen.reset();
    return runTargetPass(in, target, deviceSide, codeGenOpts, llvmContext, moduleName);
  }
  if (in.variants && in.sm && gen->GetModule()) giveKernelSymbols(*gen, *gen->GetModule(), in.variants->of(in.sm));
  std::unique_ptr<llvm::Module> m(gen->ReleaseModule());
  if (m) internalizeCodegenObjects(*m);
  if (m && !instantiations.empty()) finishExplicitInstantiations(*m, instantiations);
  return m;
}

} // namespace circle
