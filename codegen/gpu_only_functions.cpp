#include "codegen/gpu_only_functions.h"

#include "codegen/kernel_index.h"
#include "sema/walk_tape.h"
#include "targets/llvm_users.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace circle {
namespace {

// GPU functions the host has no body for: explicitly __device__ (the CUDA headers'
// intrinsics, and instantiations of __device__ templates), by symbol. A symbol the
// host also declares (the C library's printf, which CUDA's headers declare for the
// device too) is the host's.
class DeviceOnlyFunctions {
public:
  explicit DeviceOnlyFunctions(const WalkTape& tape) : mangler_(tape.ast().createMangleContext()) {
    struct Finder : clang::RecursiveASTVisitor<Finder> {
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitFunctionDecl(clang::FunctionDecl* fd) {
        if (fd->isDependentContext() || llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(fd) ||
            !fd->getDeclName().isIdentifier())
          return true;
        bool device = fd->hasAttr<clang::CUDADeviceAttr>() && !fd->hasAttr<clang::CUDAHostAttr>();
        if (device) deviceOnly.push_back(fd);
        else host.emplace(fd->getName(), fd);
        return true;
      }
      std::vector<const clang::FunctionDecl*> deviceOnly;
      std::multimap<llvm::StringRef, const clang::FunctionDecl*> host;
    } finder;
    tape.replay(finder);
    for (const clang::FunctionDecl* fd : finder.deviceOnly) bySymbol_.emplace(deviceSymbolName(*mangler_, *fd), fd);
    host_ = std::move(finder.host);
  }

  // The __device__ function `symbol` names, unless the host declares it too, or it is
  // one of the helpers Clang's code generation calls for complex * and / (libgcc has
  // them for the host; Clang's CUDA headers define __device__ namesakes for the GPU).
  const clang::FunctionDecl* find(const std::string& symbol) {
    static const std::set<std::string> complexHelpers = {"__mulsc3", "__muldc3", "__mulxc3", "__multc3",
                                                         "__divsc3", "__divdc3", "__divxc3", "__divtc3"};
    if (complexHelpers.count(symbol)) return nullptr;
    auto it = bySymbol_.find(symbol);
    if (it == bySymbol_.end()) return nullptr;
    auto [begin, end] = host_.equal_range(it->second->getName()); // mangle only the namesakes
    for (auto h = begin; h != end; ++h)
      if (deviceSymbolName(*mangler_, *h->second) == symbol) return nullptr;
    return it->second;
  }

private:
  std::unique_ptr<clang::MangleContext> mangler_;
  std::map<std::string, const clang::FunctionDecl*> bySymbol_;
  std::multimap<llvm::StringRef, const clang::FunctionDecl*> host_;
};

// Where host code that runs `f` was written: a global's declaration for the
// functions Clang makes of namespace-scope initializers, else f's own.
clang::SourceLocation hostCodeLocation(const WalkTape& tape, const llvm::Function& f, std::string& what,
                                       int depth = 0) {
  if (f.getName().starts_with("__cxx_global_var_init")) {
    // The variable initialized is the one stored to (or constructed: a call's first
    // argument); others the initializer only reads.
    std::vector<const llvm::Value*> candidates;
    for (const llvm::Instruction& inst : llvm::instructions(f))
      if (const auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst)) candidates.push_back(store->getPointerOperand());
    for (const llvm::Instruction& inst : llvm::instructions(f))
      if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst); call && call->arg_size())
        candidates.push_back(call->getArgOperand(0));
    for (const llvm::Value* v : candidates)
      if (const auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(v->stripPointerCasts()))
        if (const clang::VarDecl* vd = findVariableBySymbol(tape, gv->getName().str())) {
          what = "the initializer of '" + vd->getQualifiedNameAsString() + "'";
          return vd->getLocation();
        }
  }
  what = "host function '" + llvm::demangle(f.getName().str()) + "'";
  if (const clang::FunctionDecl* fd = findFunctionBySymbol(tape, f.getName().str())) return fd->getLocation();
  // A lambda's call operator has no name to look up: where it is called from.
  for (const llvm::User* u : f.users())
    if (const auto* call = llvm::dyn_cast<llvm::CallBase>(u); call && depth < 4) {
      std::string outer;
      clang::SourceLocation loc = hostCodeLocation(tape, *call->getFunction(), outer, depth + 1);
      if (loc.isValid()) {
        what = outer + ", through " + what + ",";
        return loc;
      }
    }
  return clang::SourceLocation();
}

} // namespace

bool checkHostCallsNoGpuFunctions(const WalkTape& tape, clang::DiagnosticsEngine& diags, const llvm::Module& host) {
  std::optional<DeviceOnlyFunctions> deviceOnly;
  bool ok = true;
  for (const llvm::Function& f : host) {
    for (const llvm::Instruction& inst : llvm::instructions(f)) {
      const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst);
      const llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
      if (!callee || !callee->isDeclaration()) continue;
      std::string name;
      if (callee->getName().starts_with("llvm.nvvm.")) {
        name = "the GPU built-in '" + callee->getName().str() + "'";
      } else if (!callee->isIntrinsic()) {
        if (!deviceOnly) deviceOnly.emplace(tape);
        const clang::FunctionDecl* fd = deviceOnly->find(callee->getName().str());
        if (!fd) continue;
        name = "'" + fd->getQualifiedNameAsString() + "', a __device__ function";
      } else {
        continue;
      }
      std::string where;
      clang::SourceLocation loc = hostCodeLocation(tape, f, where);
      std::string text = where + " calls " + name + ", which exists on the GPU only";
      if (loc.isValid()) diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << text;
      else diags.Report(diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << text;
      ok = false;
      break; // one error per function
    }
  }
  return ok;
}

bool checkGpuOnlyFunctionsUnused(clang::ASTContext& ast, clang::DiagnosticsEngine& diags,
                                 const std::vector<clang::FunctionDecl*>& gpuOnly, const llvm::Module& host) {
  std::unique_ptr<clang::MangleContext> mangler(ast.createMangleContext());
  bool ok = true;
  for (const clang::FunctionDecl* fd : gpuOnly) {
    if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(fd)) continue; // several symbols each
    const llvm::Function* f = host.getFunction(deviceSymbolName(*mangler, *fd));
    if (!f || f->use_empty()) continue;
    const llvm::GlobalVariable* gv = firstUserOf<llvm::GlobalVariable>(*f);
    std::string where = gv ? "the initializer of '" + llvm::demangle(gv->getName().str()) + "'" : "host code";
    diags.Report(fd->getLocation(), diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
        << "'" + fd->getQualifiedNameAsString() + "' exists on the GPU only (it reaches a construct the host does " +
               "not have), but " + where + " refers to it";
    ok = false;
  }
  return ok;
}

} // namespace circle
