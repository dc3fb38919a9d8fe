#include "sema/policy_chains.h"

#include "codegen/kernel_variants.h"
#include "support/gpu_arch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/Template.h"

#include <set>

namespace circle {
namespace {

// ChainedPolicy's shape: template <int, class, class> in namespace cub (or one nested
// in it, as CUB's versioned inline namespace is).
bool isChainTemplate(const clang::ClassTemplateDecl* t) {
  if (!t || t->getName() != "ChainedPolicy") return false;
  const clang::TemplateParameterList* params = t->getTemplateParameters();
  if (params->size() != 3 || !llvm::isa<clang::NonTypeTemplateParmDecl>(params->getParam(0)) ||
      !llvm::isa<clang::TemplateTypeParmDecl>(params->getParam(1)) ||
      !llvm::isa<clang::TemplateTypeParmDecl>(params->getParam(2)))
    return false;
  for (const clang::DeclContext* dc = t->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && ns->getName() == "cub" && dc->getParent()->isTranslationUnit())
      return true;
  return false;
}

// The ChainedPolicy specialization `t` is or derives from, or null.
const clang::ClassTemplateSpecializationDecl* chainOf(clang::QualType t) {
  const auto* rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition()) return nullptr;
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(rd))
    if (isChainTemplate(spec->getSpecializedTemplate())) return spec;
  for (const clang::CXXBaseSpecifier& base : rd->getDefinition()->bases())
    if (const clang::ClassTemplateSpecializationDecl* found = chainOf(base.getType())) return found;
  return nullptr;
}

// The ActivePolicy Clang computed for `chain` (with the newest sm's PTX version).
clang::QualType activePolicy(const clang::ClassTemplateSpecializationDecl* chain) {
  if (!chain) return {};
  for (const clang::NamedDecl* d : chain->lookup(&chain->getASTContext().Idents.get("ActivePolicy")))
    if (const auto* alias = llvm::dyn_cast<clang::TypedefNameDecl>(d))
      return alias->getUnderlyingType().getCanonicalType();
  return {};
}

// The policy a device of PTX version `ptx` gets from the chain at `t`: the first node,
// newest first, whose version is at most `ptx`, or the last node (CUB's
// ChainedPolicy::Invoke and ActivePolicy).
clang::QualType policyFor(clang::QualType t, int ptx) {
  for (int depth = 0; depth < 64; ++depth) {
    const clang::ClassTemplateSpecializationDecl* chain = chainOf(t);
    if (!chain) return {};
    const clang::TemplateArgumentList& args = chain->getTemplateArgs();
    clang::QualType policy = args[1].getAsType().getCanonicalType(), previous = args[2].getAsType().getCanonicalType();
    if (policy == previous || ptx >= args[0].getAsIntegral().getExtValue()) return policy;
    t = previous;
  }
  return {};
}

// Whether `t` holds a chain anywhere below its top (a template argument of a template
// argument, a pointer to one...).
bool nestsChain(clang::QualType t, int depth = 0) {
  if (t.isNull() || depth > 16) return false;
  t = t.getCanonicalType();
  if (clang::QualType pointee = t->getPointeeType(); !pointee.isNull()) // pointers, references
    return chainOf(pointee) || nestsChain(pointee, depth + 1);
  if (const auto* f = t->getAs<clang::FunctionProtoType>()) {
    for (clang::QualType p : f->param_types())
      if (chainOf(p) || nestsChain(p, depth + 1)) return true;
    return chainOf(f->getReturnType()) || nestsChain(f->getReturnType(), depth + 1);
  }
  if (const auto* spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl())) {
    if (isChainTemplate(spec->getSpecializedTemplate())) return false;
    for (const clang::TemplateArgument& a : spec->getTemplateArgs().asArray())
      if (a.getKind() == clang::TemplateArgument::Type && (chainOf(a.getAsType()) || nestsChain(a.getAsType(), depth + 1)))
        return true;
  }
  return false;
}

class PerSmPolicies {
public:
  PerSmPolicies(clang::Sema& sema, std::vector<int> versions, KernelVariants& out)
      : sema_(sema), ctx_(sema.getASTContext()), versions_(std::move(versions)), out_(out) {}

  bool run(const std::vector<clang::FunctionDecl*>& instantiated) {
    std::vector<clang::FunctionDecl*> kernels;
    for (clang::FunctionDecl* fd : instantiated)
      if (fd->hasAttr<clang::CUDAGlobalAttr>() && kernels_.insert(fd->getCanonicalDecl()).second) kernels.push_back(fd);
    for (clang::FunctionDecl* fd : kernels)
      if (!variantsOf(fd)) return false;
    sema_.PerformPendingInstantiations();
    return !sema_.getDiagnostics().hasErrorOccurred();
  }

private:
  // The kernel's instantiations for the sms whose policy differs from the newest's.
  bool variantsOf(clang::FunctionDecl* kernel) {
    for (const clang::DeclContext* dc = kernel->getDeclContext(); dc; dc = dc->getParent())
      if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(dc))
        for (const clang::TemplateArgument& a : spec->getTemplateArgs().asArray())
          if (a.getKind() == clang::TemplateArgument::Type && (chainOf(a.getAsType()) || nestsChain(a.getAsType())))
            return unsupported(kernel, "is a member of a class template over CUB's policy chain");
    clang::FunctionTemplateDecl* pattern = kernel->getPrimaryTemplate();
    const clang::TemplateArgumentList* args = kernel->getTemplateSpecializationArgs();
    if (!pattern || !args) return true;
    bool readsChain = false;
    for (const clang::TemplateArgument& a : args->asArray()) {
      for (const clang::TemplateArgument& e : a.getKind() == clang::TemplateArgument::Pack ? a.pack_elements() : llvm::ArrayRef(a)) {
        if (e.getKind() != clang::TemplateArgument::Type) continue;
        if (nestsChain(e.getAsType()))
          return unsupported(kernel, "has a template argument that holds CUB's policy chain inside another type");
        if (const clang::ClassTemplateSpecializationDecl* chain = chainOf(e.getAsType())) {
          readsChain = true;
          // circle's walk must pick what Clang picked for the newest sm, and each node it
          // picks for an older sm must read itself as ActivePolicy (its version is at most
          // that sm's, so at most the newest's).
          if (policyFor(e.getAsType(), versions_.back()) != activePolicy(chain))
            return unsupported(kernel, "reads a CUB policy chain that does not pick its policy as circle expects");
          for (int ptx : versions_)
            if (clang::QualType node = policyFor(e.getAsType(), ptx); node.isNull() || activePolicy(chainOf(node)) != node)
              return unsupported(kernel, "reads a CUB policy chain whose nodes do not pick themselves");
        }
      }
    }
    if (!readsChain) return true;
    for (int ptx : versions_) {
      if (ptx == versions_.back()) continue;
      bool differs = false;
      llvm::SmallVector<clang::TemplateArgument, 8> replaced;
      for (const clang::TemplateArgument& a : args->asArray()) {
        if (a.getKind() == clang::TemplateArgument::Pack) {
          llvm::SmallVector<clang::TemplateArgument, 8> elements;
          for (const clang::TemplateArgument& e : a.pack_elements()) elements.push_back(forVersion(e, ptx, differs));
          replaced.push_back(clang::TemplateArgument::CreatePackCopy(ctx_, elements));
        } else {
          replaced.push_back(forVersion(a, ptx, differs));
        }
      }
      if (!differs) continue;
      clang::FunctionDecl* variant = instantiate(pattern, replaced, kernel->getPointOfInstantiation());
      if (!variant) return unsupported(kernel, "could not be instantiated with the CUB policy of " + std::to_string(ptx));
      out_.add(ptx / 10, kernel, variant, kernels_.count(variant->getCanonicalDecl()) != 0);
    }
    return true;
  }

  // `a` with a chain replaced by the node for `ptx`, whose ActivePolicy is itself.
  clang::TemplateArgument forVersion(const clang::TemplateArgument& a, int ptx, bool& differs) {
    if (a.getKind() != clang::TemplateArgument::Type || !chainOf(a.getAsType())) return a;
    clang::QualType mine = policyFor(a.getAsType(), ptx);
    if (mine == policyFor(a.getAsType(), versions_.back())) return a;
    differs = true;
    return clang::TemplateArgument(mine);
  }

  clang::FunctionDecl* instantiate(clang::FunctionTemplateDecl* pattern, llvm::ArrayRef<clang::TemplateArgument> args,
                                   clang::SourceLocation at) {
    void* insertAt = nullptr;
    clang::FunctionDecl* fd = pattern->findSpecialization(args, insertAt);
    if (!fd)
      fd = sema_.InstantiateFunctionDeclaration(pattern, clang::TemplateArgumentList::CreateCopy(ctx_, args), at);
    if (!fd || fd->isInvalidDecl()) return nullptr;
    if (!fd->isDefined())
      sema_.InstantiateFunctionDefinition(at, fd, /*Recursive=*/true, /*DefinitionRequired=*/true, /*AtEndOfTU=*/true);
    return fd->isDefined() && !fd->isInvalidDecl() ? fd : nullptr;
  }

  bool unsupported(const clang::FunctionDecl* kernel, const std::string& why) {
    clang::DiagnosticsEngine& diags = sema_.getDiagnostics();
    diags.Report(kernel->getPointOfInstantiation().isValid() ? kernel->getPointOfInstantiation() : kernel->getLocation(),
                 diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
        << "kernel '" + kernel->getQualifiedNameAsString() + "' " + why +
               ": circle builds it for one PTX version at a time; give sms of one version (-sm_XX)";
    return false;
  }

  clang::Sema& sema_;
  clang::ASTContext& ctx_;
  std::vector<int> versions_; // ascending, PTX versions as CUB numbers them (900)
  KernelVariants& out_;
  std::set<const clang::Decl*> kernels_; // the program's own kernel instantiations
};

} // namespace

bool instantiatePerSmPolicies(clang::Sema& sema, const std::vector<clang::FunctionDecl*>& instantiated,
                              const std::vector<int>& sms, KernelVariants& out) {
  std::set<int> numbers;
  for (int sm : sms) numbers.insert(smNumber(sm) * 10);
  if (numbers.size() < 2) return true;
  return PerSmPolicies(sema, std::vector<int>(numbers.begin(), numbers.end()), out).run(instantiated);
}

} // namespace circle
