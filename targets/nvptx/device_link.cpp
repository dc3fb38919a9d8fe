#include "targets/nvptx/device_link.h"

#include "libdevice-c/host_io/protocol.h"
#include "targets/llvm_pipeline.h"
#include "targets/nvptx/device_exceptions.h"
#include "targets/nvptx/libm_to_libdevice.h"
#include "targets/nvptx/shared_lowering.h"
#include "targets/nvptx/iostreams.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Passes/PassBuilder.h"

#include <functional>
#include <map>
#include <set>

namespace circle {
namespace {

// Symbols ptxas resolves itself: the PTX system calls.
bool isPtxSystemCall(llvm::StringRef name) {
  return name == "vprintf" || name == "malloc" || name == "free" || name == "__assertfail";
}

// The C++ ABI's vtables, VTTs and type_info objects and names: never registered.
bool isAbiObject(llvm::StringRef name) {
  return name.starts_with("_ZTV") || name.starts_with("_ZTT") || name.starts_with("_ZTC") ||
         name.starts_with("_ZTI") || name.starts_with("_ZTS");
}

// Kept visible: kernels (the runtime looks them up by name) and device variables
// (registered with __cudaRegisterVar, read by cudaMemcpyToSymbol).
bool mustStayExternal(const llvm::GlobalValue& gv, const std::set<std::string>& dropKernels) {
  if (auto* f = llvm::dyn_cast<llvm::Function>(&gv)) return isKernel(*f) && !dropKernels.count(f->getName().str());
  if (auto* v = llvm::dyn_cast<llvm::GlobalVariable>(&gv))
    return !v->isDeclaration() && v->getAddressSpace() != 3 /* shared: per block, not a symbol */ &&
           !v->hasLocalLinkage() && !v->getName().starts_with("llvm.") && !isAbiObject(v->getName());
  return false;
}

void internalizeAndDrop(llvm::Module& m, const std::set<std::string>& dropKernels) {
  runModulePasses(m, nullptr, [&](llvm::PassBuilder&) {
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::InternalizePass(
        [&](const llvm::GlobalValue& gv) { return mustStayExternal(gv, dropKernels); }));
    mpm.addPass(llvm::GlobalDCEPass());
    return mpm;
  });
}

// A library's variables come with the functions that use them, and stay its own.
// Clang's CUDA code generation lists every __device__ variable in llvm.compiler.used
// and gives those of anonymous namespaces external names, for the host to register;
// no host registers a library's, and the linker always brings such a list along, so
// every module would carry them all (glibc's ctype tables in an empty kernel's PTX).
void keepOnlyWhatIsUsed(llvm::Module& lib) {
  if (llvm::GlobalVariable* used = lib.getNamedGlobal("llvm.compiler.used")) used->eraseFromParent();
  for (llvm::GlobalVariable& gv : lib.globals())
    if (!gv.isDeclaration() && gv.getName().contains("_GLOBAL__N_")) gv.setLinkage(llvm::GlobalValue::InternalLinkage);
}

// A template the headers declare as instantiated elsewhere (`extern template`:
// libstdc++'s streams) reaches the module with an available_externally body, and a
// class whose key function is elsewhere with an available_externally vtable
// (std::exception's, when optimising), which LLVM may read but drops after
// optimising; the linker counts such a body as a definition and would not bring the
// library's, so a call or vtable left standing would have none (a vtable then reads
// as zeros: ptxas only warns of the unresolved extern). Where the library defines it,
// the module's copy gives way.
void yieldToLibraryDefinitions(llvm::Module& m, llvm::Module& lib) {
  for (llvm::Function& f : m)
    if (f.hasAvailableExternallyLinkage())
      if (llvm::Function* def = lib.getFunction(f.getName());
          def && !def->isDeclaration() && !def->hasAvailableExternallyLinkage())
        f.deleteBody();
  for (llvm::GlobalVariable& v : m.globals())
    if (v.hasAvailableExternallyLinkage())
      if (llvm::GlobalVariable* def = lib.getNamedGlobal(v.getName());
          def && !def->isDeclaration() && !def->hasAvailableExternallyLinkage()) {
        v.setInitializer(nullptr);
        v.setLinkage(llvm::GlobalValue::ExternalLinkage);
      }
}

// Links what the module uses from a bitcode library. The runtime was built for
// one sm; its functions lose that sm's target attributes so they inline anywhere.
std::string linkLibrary(llvm::Module& m, const std::string& path, const char* what) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return std::string("cannot read ") + what + " '" + path + "'";
  // Lazily: the linker reads the bodies it links, not the whole library for every sm.
  auto lib = llvm::getOwningLazyBitcodeModule(std::move(*buf), m.getContext());
  if (!lib) return std::string("cannot parse ") + what + " '" + path + "': " + llvm::toString(lib.takeError());
  dropSmAttributes(**lib);
  keepOnlyWhatIsUsed(**lib);
  (*lib)->setDataLayout(m.getDataLayout());
  (*lib)->setTargetTriple(m.getTargetTriple());
  yieldToLibraryDefinitions(m, **lib);
  if (llvm::Linker::linkModules(m, std::move(*lib), llvm::Linker::LinkOnlyNeeded))
    return std::string("linking ") + what + " failed";
  return {};
}

// What neither library defines has no definition elsewhere on the GPU (the host's
// libstdc++.so instantiates it for the host only): the module's body is the one.
void keepExternallyAvailableBodies(llvm::Module& m) {
  for (llvm::Function& f : m)
    if (f.hasAvailableExternallyLinkage()) f.setLinkage(llvm::GlobalValue::LinkOnceODRLinkage);
  for (llvm::GlobalVariable& v : m.globals())
    if (v.hasAvailableExternallyLinkage()) v.setLinkage(llvm::GlobalValue::LinkOnceODRLinkage);
}

} // namespace

void dropKernels(llvm::Module& m, const std::set<std::string>& dropKernels) {
  for (llvm::Function& f : m)
    if (!f.isDeclaration() && dropKernels.count(f.getName().str())) f.setLinkage(llvm::GlobalValue::InternalLinkage);
  runModulePasses(m, nullptr, [](llvm::PassBuilder&) {
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::GlobalDCEPass());
    return mpm;
  });
}

namespace {

// What a constant refers to: functions and global variables, through address
// computations and aggregates, and through the initializers of the variables it
// names (a vtable's virtual functions are reached by storing its address).
struct Referenced {
  std::set<const llvm::Constant*> seen;
  std::vector<llvm::Function*> functions;
  std::vector<const llvm::GlobalVariable*> variables;
  void add(const llvm::Constant* c) {
    if (!seen.insert(c).second) return;
    if (auto* f = llvm::dyn_cast<llvm::Function>(c)) return functions.push_back(const_cast<llvm::Function*>(f));
    if (auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(c)) {
      variables.push_back(gv);
      if (gv->hasInitializer()) add(gv->getInitializer());
      return;
    }
    if (llvm::isa<llvm::GlobalValue>(c)) return;
    for (const llvm::Value* op : c->operands())
      if (auto* inner = llvm::dyn_cast<llvm::Constant>(op)) add(inner);
  }
};

} // namespace

std::vector<llvm::Function*> functionsReachedFrom(llvm::Function& root) {
  llvm::SetVector<llvm::Function*> work;
  work.insert(&root);
  Referenced refs;
  for (size_t i = 0; i < work.size(); ++i) {
    llvm::Function* f = work[i];
    if (f->isDeclaration()) continue;
    for (llvm::Instruction& inst : llvm::instructions(*f))
      for (llvm::Value* op : inst.operands())
        if (auto* c = llvm::dyn_cast<llvm::Constant>(op)) {
          refs.add(c);
          work.insert(refs.functions.begin(), refs.functions.end());
          refs.functions.clear();
        }
  }
  return {work.begin(), work.end()};
}

std::vector<ReachedFunction> functionsReachedFromKernels(llvm::Module& m) {
  std::map<std::string, std::string> found; // callee -> first kernel reaching it
  for (llvm::Function& k : m) {
    if (!isKernel(k) || k.isDeclaration()) continue;
    for (llvm::Function* f : functionsReachedFrom(k))
      if (f != &k) found.emplace(f->getName().str(), k.getName().str());
  }
  std::vector<ReachedFunction> reached;
  for (const auto& [callee, kernel] : found) reached.push_back({callee, kernel});
  return reached;
}

std::vector<ReachedFunction> findMissingDeviceFunctions(llvm::Module& m) {
  std::vector<ReachedFunction> missing;
  std::set<std::string> reported;
  // The kernels, then the functions whose addresses device variables hold (a cuFFT
  // callback's `__device__ cufftCallbackLoadC p = f;`): the host reads those addresses.
  std::vector<std::pair<llvm::Function*, std::string>> roots;
  for (llvm::Function& k : m)
    if (isKernel(k) && !k.isDeclaration()) roots.push_back({&k, ""});
  for (llvm::GlobalVariable& gv : m.globals()) {
    if (!gv.hasInitializer() || gv.getName().starts_with("llvm.")) continue;
    Referenced held;
    held.add(gv.getInitializer());
    for (llvm::Function* f : held.functions)
      if (!f->isDeclaration() && !isKernel(*f)) roots.push_back({f, gv.getName().str()});
  }
  for (auto& [k, variable] : roots) {
    auto report = [&](llvm::StringRef name, const llvm::Function* user) {
      if (reported.insert(name.str()).second)
        missing.push_back({name.str(), k->getName().str(), user ? user->getName().str() : std::string(), variable});
    };
    for (llvm::Function* f : functionsReachedFrom(*k)) {
      if (f->isDeclaration()) {
        if (!f->isIntrinsic() && !isPtxSystemCall(f->getName())) report(f->getName(), nullptr);
        continue;
      }
      // Variables too: a global the device has no definition of (a host library's, or
      // the program's own host variable). extern __shared__ arrays are declarations
      // by design: the launch sizes them.
      Referenced refs;
      for (llvm::Instruction& inst : llvm::instructions(*f))
        for (llvm::Value* op : inst.operands()) {
          auto* c = llvm::dyn_cast<llvm::Constant>(op);
          if (!c) continue;
          refs.add(c);
          for (const llvm::GlobalVariable* gv : refs.variables)
            if (gv->isDeclaration() && gv->getAddressSpace() != 3) report(gv->getName(), f);
          refs.variables.clear();
        }
    }
  }
  return missing;
}

std::vector<ReachedFunction> findUnboundedStacks(llvm::Module& m) {
  std::vector<ReachedFunction> found;
  for (llvm::Function& k : m) {
    if (!isKernel(k) || k.isDeclaration()) continue;
    // Depth-first over direct calls: a call back into a function still on the path
    // is recursion; a call through a pointer may be.
    std::map<llvm::Function*, int> state; // 1 on the path, 2 done
    std::string why;
    std::function<void(llvm::Function*)> visit = [&](llvm::Function* f) {
      state[f] = 1;
      for (llvm::Instruction& inst : llvm::instructions(*f)) {
        auto* call = llvm::dyn_cast<llvm::CallBase>(&inst);
        if (!why.empty() || !call || call->isInlineAsm()) continue;
        llvm::Function* callee = call->getCalledFunction();
        if (!callee) {
          why = "an indirect call in " + f->getName().str();
          return;
        }
        if (callee->isDeclaration()) continue;
        if (state[callee] == 1) why = callee->getName().str();
        else if (state[callee] == 0) visit(callee);
      }
      state[f] = 2;
    };
    visit(&k);
    if (!why.empty()) found.push_back({why, k.getName().str()});
  }
  return found;
}

bool deviceModuleUsesHostIo(const llvm::Module& m) { return m.getNamedGlobal(circle_host_io::kChannelSymbol) != nullptr; }

bool isKernel(const llvm::Function& f) { return f.getCallingConv() == llvm::CallingConv::PTX_Kernel; }

void routeToRuntimeWrappers(llvm::Module& module) {
  // The heap calls go through the device libc's size-keeping wrappers, so realloc
  // works and every block has the same layout, whoever allocated it. va_list calls
  // into newlib go through wrappers that take the one parse's va_list
  // (libdevice-c/libc/glue.c says why), and launches through the runtime's bridge to
  // CUDA's second launch interface (runtime/device_launch.cpp).
  for (auto [from, to] : {std::pair{"malloc", "__circle_malloc"}, std::pair{"free", "__circle_free"},
                          std::pair{"realloc", "__circle_realloc"}, std::pair{"vsnprintf", "__circle_vsnprintf"},
                          std::pair{"vsprintf", "__circle_vsprintf"},
                          std::pair{"__cudaCDP2GetParameterBuffer", "__circle_get_parameter_buffer"},
                          std::pair{"__cudaCDP2LaunchDevice", "__circle_launch_device"}})
    if (llvm::Function* f = module.getFunction(from); f && f->isDeclaration()) f->setName(to);
}

std::string linkDeviceModule(llvm::Module& module, const std::string& runtimePath, const std::string& libdevicePath,
                             const std::set<std::string>& dropKernels) {
  internalizeAndDrop(module, dropKernels);
  routeToRuntimeWrappers(module);
  buildStandardStreamsOnEntry(module);
  const bool readsStreams = readsFromStreams(module), wideStreams = usesWideStreams(module);
  mapLibmToLibdevice(module);
  DeviceExceptionPlan exceptions = planDeviceExceptions(module);
  // The runtime first: its functions call into libdevice too.
  if (std::string err = linkLibrary(module, runtimePath, "circle's device runtime"); !err.empty()) return err;
  if (std::string err = linkLibrary(module, libdevicePath, "libdevice"); !err.empty()) return err;
  keepExternallyAvailableBodies(module);
  settleLocale(module, readsStreams, wideStreams);
  applyDeviceExceptions(module, exceptions);
  internalizeAndDrop(module, dropKernels);
  return {};
}

std::string readDefinedFunctions(const std::string& path, std::set<std::string>& names) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return "cannot read circle's device runtime '" + path + "'";
  llvm::LLVMContext ctx;
  auto lib = llvm::getOwningLazyBitcodeModule(std::move(*buf), ctx);
  if (!lib) return "cannot parse circle's device runtime '" + path + "': " + llvm::toString(lib.takeError());
  for (const llvm::Function& f : **lib)
    if (!f.isDeclaration()) names.insert(f.getName().str());
  return {};
}

std::vector<ReachedFunction> linkForToolkitLinker(llvm::Module& module, const std::set<std::string>& runtimeFunctions,
                                                  const std::string& libdevicePath, std::string& error) {
  mapLibmToLibdevice(module);
  std::set<const llvm::GlobalValue*> own;
  for (const llvm::GlobalValue& g : module.global_values())
    if (!g.isDeclaration()) own.insert(&g);
  if (error = linkLibrary(module, libdevicePath, "libdevice"); !error.empty()) return {};
  // Private copies, as nvcc's front end links libdevice into each object: objects
  // linked together must not clash on them.
  for (llvm::GlobalValue& g : module.global_values())
    if (!g.isDeclaration() && !own.count(&g)) g.setLinkage(llvm::GlobalValue::InternalLinkage);
  keepExternallyAvailableBodies(module);
  std::vector<ReachedFunction> fromRuntime;
  for (const llvm::Function& f : module) {
    if (!f.isDeclaration() || f.isIntrinsic() || isPtxSystemCall(f.getName()) ||
        !runtimeFunctions.count(f.getName().str()))
      continue;
    for (const llvm::User* user : f.users())
      if (const auto* inst = llvm::dyn_cast<llvm::Instruction>(user)) {
        fromRuntime.push_back({f.getName().str(), inst->getFunction()->getName().str()});
        break;
      }
  }
  return fromRuntime;
}

} // namespace circle
