#include "frontend/compile.h"

#include "dialect/meta_printf.h"
#include "dialect/statement_takeover.h"
#include "frontend/preamble_pch.h"
#include "frontend/regular_files.h"

#include "codegen/cluster_dims.h"
#include "codegen/codegen_objects.h"
#include "codegen/const_kernel_params.h"
#include "codegen/restrict_locals.h"
#include "codegen/device_constants.h"
#include "codegen/device_rtti_objects.h"
#include "codegen/device_rtti_sites.h"
#include "codegen/exception_islands.h"
#include "codegen/gpu_only_functions.h"
#include "codegen/host_roots.h"
#include "codegen/kernel_index.h"
#include "codegen/kernel_variants.h"
#include "codegen/left_out_functions.h"
#include "codegen/replay_consumer.h"
#include "codegen/source_locations.h"
#include "codegen/spirv_pass.h"
#include "codegen/target_pass.h"
#include "codegen/unreferenced_functions.h"
#include "frontend/backend_failures.h"
#include "frontend/dependency_file.h"
#include "frontend/device_runtime_calls.h"
#include "frontend/gpu_arch_values.h"
#include "frontend/device_runtime_path.h"
#include "frontend/if_target_syntax.h"
#include "frontend/invocation.h"
#include "frontend/llvm_diagnostics.h"
#include "frontend/link_step.h"
#include "frontend/nvcc_identity.h"
#include "frontend/options.h"
#include "frontend/output_files.h"
#include "frontend/pass_diagnostics.h"
#include "frontend/phase_report.h"
#include "frontend/preprocessed_output.h"
#include "frontend/ptxas_options.h"
#include "frontend/target_views.h"
#include "frontend/temp_files.h"
#include "sema/clang_wording.h"
#include "sema/cuda_arch_ban.h"
#include "sema/policy_chains.h"
#include "sema/device_declarations.h"
#include "sema/execution_spaces.h"
#include "sema/if_target_rules.h"
#include "sema/launch_checks.h"
#include "sema/ptx_asm_strings.h"
#include "sema/storage_only.h"
#include "sema/typo_correction_bound.h"
#include "sema/untagged_functions.h"
#include "sema/walk_tape.h"
#include "support/diagnostics.h"
#include "targets/host/checked_launch.h"
#include "targets/host/host_globals.h"
#include "targets/host/kernel_stubs.h"
#include "targets/host/host_io.h"
#include "targets/host/managed_vars.h"
#include "targets/host/host_backend.h"
#include "targets/host/link.h"
#include "targets/host/stack_limits.h"
#include "targets/nvptx/cuda_tools.h"
#include "targets/nvptx/device_codegen_options.h"
#include "targets/nvptx/device_exceptions.h"
#include "targets/nvptx/host_globals.h"
#include "targets/nvptx/device_link.h"
#include "targets/nvptx/device_math.h"
#include "targets/nvptx/fatbin_reader.h"
#include "targets/nvptx/launch_bounds.h"
#include "targets/nvptx/long_double.h"
#include "targets/nvptx/managed_vars.h"
#include "targets/nvptx/nontrivial_params.h"
#include "targets/nvptx/operation_sites.h"
#include "targets/nvptx/parallel_assembly.h"
#include "targets/nvptx/ptx_backend.h"
#include "targets/nvptx/ptx_names.h"
#include "targets/nvptx/rdc_objects.h"
#include "targets/nvptx/restrict_kernel_pointers.h"
#include "targets/nvptx/shared_lowering.h"
#include "targets/nvptx/sm_targets.h"
#include "targets/nvptx/stack_bounds.h"
#include "targets/spirv/spirv_binary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <map>
#include <set>

namespace circle {
namespace {

bool writeModule(const std::string& path, llvm::Module& m, bool bitcode) {
  if (path.empty()) return false;
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, bitcode ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text);
  if (ec) {
    reportError("cannot write '" + path + "': " + ec.message());
    return false;
  }
  if (bitcode) llvm::WriteBitcodeToFile(m, os);
  else m.print(os, nullptr);
  return true;
}


// -v's and -###'s line for one sm's pass, in nvcc's words (CMake reads the default
// sm from "-arch compute_XX", nvcc's line for cicc) and Clang's (CMake's Clang identity
// read "-target-cpu").
std::string devicePassLine(int sm, int ptxIsa, int optLevel) {
  return " (device pass) -arch compute_" + smDigits(sm) + " -triple nvptx64-nvidia-cuda -target-cpu " + smName(sm) +
         " -target-feature " + ptxFeature(ptxIsa) + " -OG" + std::to_string(optLevel);
}

// Sanitizers instrument host code only: the device passes read the same language
// options, where UBSan's checks would call host handlers from kernels.
class HostOnlyInstrumentation {
public:
  explicit HostOnlyInstrumentation(clang::LangOptions& lo) : lo_(lo), saved_(lo.Sanitize) { lo.Sanitize.clear(); }
  ~HostOnlyInstrumentation() { lo_.Sanitize = saved_; }

private:
  clang::LangOptions& lo_;
  clang::SanitizerSet saved_;
};

// What the front-end passes of a source's other target views (frontend/target_views.h)
// hand the pass that writes the host object: their sms' images for its fat binary,
// their -rdc bitcode, the stacks their kernels need, and whether they print.
struct DeviceProducts {
  std::vector<SmImage> images;
  std::vector<DeviceBitcode> rdcModules;
  std::map<std::string, unsigned long long> stackBytes;
  bool usesHostIo = false;
  std::set<std::string> hostGlobals; // -fgpu-host-globals: the host variables they read
};

// How the host's pass reaches the other views of its source, where the parse met a file
// whose text differs per target: a compiler instance for a view, and a pass that
// compiles a group of sms from their own view.
struct OtherViews {
  std::shared_ptr<PerTargetFiles> files;
  bool fromStdin = false; // the main source cannot be read again
  FilePredicate keepsHostView;
  ViewInstanceMaker make;
  PreprocessorHook beginPreprocessing; // for groupTargetsByView
  // Compiles a group from its view; the host's launches tell it which kernels the
  // 5th chevron argument gives which sms.
  std::function<bool(const ViewGroup&, const LaunchIndex& hostLaunches, DeviceProducts&)> compile;
};

// A device view's pass that cannot parse a host function's body (it calls what this
// view declares __device__ alone: `#ifdef __CUDA_ARCH__ __device__ int f()...` called
// from main, which nvcc's device pass does not check) is parsed again without the
// bodies of the functions only the host runs: main, and non-template functions tagged
// __host__ alone. A template's body stays: its instantiations may name kernels.
bool runsOnHostOnly(const clang::Decl* d) {
  const clang::FunctionDecl* fd = d->getAsFunction();
  if (!fd) return false;
  if (fd->isMain()) return true;
  if (fd->isTemplated()) return false;
  bool host = false;
  for (const clang::Attr* a : fd->attrs()) {
    if (a->isImplicit()) continue;
    if (llvm::isa<clang::CUDADeviceAttr>(a) || llvm::isa<clang::CUDAGlobalAttr>(a)) return false;
    host |= llvm::isa<clang::CUDAHostAttr>(a);
  }
  return host;
}

// Everything one front-end pass of a compile produces, in the order the targets are
// generated: each sm's device module first (the host needs their fat binary), then
// the host. Usually one pass generates every target; a source whose targets read it
// differently has a pass per view (frontend/target_views.h), the host's last.
class Compilation {
public:
  // `output` is where the requested output goes: for an executable, the object the
  // link step takes. `sms` are the targets this pass generates; `host`: it generates
  // the host's code too, and reaches the other views through `views`.
  Compilation(const Options& o, const CudaToolkit* tk, const std::string& input, const std::string& output,
              TempDir& temps, PendingOutputs& outputs, PhaseReport& report, std::vector<int> sms, bool host,
              const OtherViews* views, const LaunchIndex* hostLaunches = nullptr)
      : o_(o), tk_(tk), input_(input), output_(output), temps_(temps), outputs_(outputs), report_(report),
        sms_(std::move(sms)), host_(host), views_(views), hostLaunches_(hostLaunches) {
    auto handler = std::make_unique<LLVMDiagnostics>();
    asmDiagnostics_ = handler.get();
    llvm_.setDiagnosticHandler(std::move(handler));
  }

  void onParsed(clang::CompilerInstance& ci, clang::ASTContext& ast, const ConsumerEventLog& events) {
    if (ci.getDiagnostics().hasErrorOccurred()) {
      retryWithOwnCopies(ci);
      return;
    }
    if (said_ && (host_ || skipHostBodies_)) said_->release(); // another view's first attempt: by its caller
    ci_ = &ci;
    ast_ = &ast;
    asmDiagnostics_->diags = &ci.getDiagnostics();
    // Every header the parse read is an input too: `-o header.h` must not replace it.
    clang::SourceManager& sm = ci.getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) outputs_.protect(it->first.getName().str());
    printMetaPrintfs(ast, llvm::outs());
    if (ci.getDiagnostics().hasErrorOccurred()) return;
    if (!checkStorageOnly(ci.getDiagnostics(), storageOnly_)) return;
    if (tk_ && !instantiatePerSmPolicies(ci.getSema(), events.instantiatedFunctions(), o_.smTargets, variants_)) return;
    tape_.emplace(ast);
    asmDiagnostics_->collectFileScopeAsm(*tape_);
    predicates_.emplace(*tape_);
    if (tk_) {
      if (!checkLaunches(ast, ci.getDiagnostics(), o_.smTargets, *launchTokens_, launches_)) return;
      if (hostLaunches_) launches_.kernelSms = hostLaunches_->kernelSms;
      if (!checkDeviceDeclarations(*tape_, ci.getDiagnostics())) return;
      acceptNvccAsmPercents(*tape_);
      untagged_.afterParse(ci.getSema(), [&](clang::SourceLocation loc) { return deadOnHost(ci, loc); });
      makeVirtualFunctionsTagless(*tape_);
      hostConstexprs_ = findHostConstexprVariables(*tape_);
      deviceRtti_ = findDeviceRtti(*tape_);
      for (const auto& [symbol, var] : managedVariables(*tape_)) {
        managed_.insert(symbol);
        managedDecls_[symbol] = var;
      }
      if (host_ && views_->files && (groups_ || !views_->files->paths.empty()) && !compileOtherViews()) return;
    }
    if (o_.kind == OutputKind::SyntaxOnly) {
      ok_ = true;
      return;
    }
    TargetPassInput in{ci, ast, events, *tape_};
    in.variants = &variants_;
    if (o_.verbose && !variants_.empty())
      llvm::errs() << " (device passes) " << variants_.size() << " kernel instantiations for older sms' CUB policies\n";
    // Coverage maps every function handed to CodeGen, and -femit-all-decls asks for each.
    if (ci.getCodeGenOpts().CoverageMapping || ci.getLangOpts().EmitAllDecls) {
      hostLeftOut_.handOverAll();
      deviceLeftOut_.handOverAll();
    } else {
      UnreferencedFunctions unreferenced(*tape_);
      hostLeftOut_.add(unreferenced.functions());
      deviceLeftOut_.add(unreferenced.functions());
    }
    in.leaveOut = &hostLeftOut_;
    if (tk_) {
      TargetPassInput device = in;
      device.explicitInstantiationsAreRoots = o_.deviceLibrary;
      device.leaveOut = &deviceLeftOut_;
      // With -rdc another object's kernels may call this one's functions.
      if (!o_.rdc && !o_.deviceLibrary && !deviceLeftOut_.handsOverAll()) {
        HostRoots roots(*tape_);
        deviceLeftOut_.add(roots.functions());
        if (o_.verbose && !roots.functions().empty())
          llvm::errs() << " (device passes) host code left out: " << llvm::join(roots.names(), ", ") << "\n";
      }
      if (kernels_.empty()) kernels_ = indexKernels(*tape_);
      passConstKernelParametersInPlace(kernels_);
      restrictParametersBehindRestrictLocals(kernels_);
      if (!buildDevice(device)) return;
    }
    if (!host_) { // another view's pass: its sms only
      ok_ = true;
      return;
    }
    if (o_.spirv) {
      PhaseReport::Scope t(report_, "codegen SPIR-V");
      SpirvPassInput spirv{in, *predicates_, hostConstexprs_, llvm_, input_ + ".spirv", tk_->ptxIsa,
                           o_.keepTemps ? temps_.path() : "", o_.gpuOutput && o_.kind != OutputKind::Assembly};
      if (!runSpirvPass(spirv, shaders_)) return;
    }
    if (writesDeviceCodeOnly(o_)) {
      ok_ = writeShaders();
      return;
    }
    PhaseReport::Scope t(report_, "codegen host");
    std::map<std::string, uint64_t> hostGlobalBytes = emitHostGlobalsOnHost(ast);
    {
      CodegenObjectScope values(ast, hostTargetValues());
      UntaggedFunctions::HostPassScope gpuOnly(untagged_);
      if (!predicates_->checkConstant(ci.getDiagnostics(), "the host")) return;
      bool leavingOut = !in.leaveOut->handsOverAll();
      hostModule_ = runTargetPass(in, ci.getTarget(), /*deviceSide=*/false, ci.getCodeGenOpts(), llvm_, input_);
      if (leavingOut) sayIfGeneratedAgain(*in.leaveOut, "(host pass)");
    }
    if (!hostModule_) return;
    if (!checkGpuOnlyFunctionsUnused(ast, ci.getDiagnostics(), untagged_.deviceOnly(), *hostModule_)) return;
    if (tk_ && !checkHostCallsNoGpuFunctions(*tape_, ci.getDiagnostics(), *hostModule_)) return;
    for (const DeviceBitcode& bc : rdcModules_) embedDeviceBitcode(*hostModule_, bc.sm, bc.bitcode);
    embedSpirvShaders(*hostModule_, ast, shaders_);
    dropStorageOnlyDestructors(*hostModule_, ast, storageOnly_);
    routeStubLaunchesThroughCheck(*hostModule_);
    passLongDoubleArgumentsAsDouble(*hostModule_);
    if (o_.rdc && o_.gpuAutoStack) raiseStackFromLinkedBounds(*hostModule_);
    else raiseStackBeforeLaunches(*hostModule_, stackBytes_);
    if (o_.rdc && tk_) attachLinkedHostIo(*hostModule_);
    else if (usesHostIo_) {
      if (std::string err = attachHostIo(*hostModule_, hostIoServerPath(deviceRuntimePath())); !err.empty()) {
        reportError(err);
        return;
      }
    }
    if (std::string err = attachHostGlobals(*hostModule_, hostGlobalBytes, hostGlobalsRuntimePath(deviceRuntimePath()));
        !err.empty()) {
      reportError(err);
      return;
    }
    std::string unreachable = redirectManagedVariables(*hostModule_, managed_, o_.rdc);
    if (!unreachable.empty()) {
      clang::DiagnosticsEngine& diags = ci.getDiagnostics();
      const clang::VarDecl* var = managedDecls_[unreachable];
      diags.Report(var->getLocation(), diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
          << "the address of __managed__ variable '" + var->getNameAsString() +
                 "' initializes a global; circle reaches managed variables from code only (their address is "
                 "known once the CUDA runtime loads the module)";
      return;
    }
    ok_ = true;
  }

  const std::vector<int>& smTargets() const { return o_.smTargets; }
  bool generatesHost() const { return host_; }
  // The host's pass: what its diagnostics are held in, and the groups another attempt
  // of it parses with (retryWithOwnCopies).
  void sayThrough(PassDiagnostics* said) { said_ = said; }
  void holdDiagnostics() {
    if (said_) said_->hold();
  }
  void releaseDiagnostics() {
    if (said_) said_->release();
  }
  void dropDiagnostics() {
    if (said_) said_->drop();
  }
  // Another view's pass without the bodies of host-only functions (runsOnHostOnly).
  void skipHostBodies() { skipHostBodies_ = true; }
  bool skipsHostBodies() const { return skipHostBodies_; }
  const std::optional<std::vector<ViewGroup>>& groupsForRetry() const { return groups_; }
  void useGroups(std::vector<ViewGroup> groups) {
    sms_ = groups.front().sms;
    groups_ = std::move(groups);
  }

  // What this pass (one for another view) generated, for the host's pass.
  void handOver(DeviceProducts& to) {
    to.images.insert(to.images.end(), others_.images.begin(), others_.images.end());
    for (DeviceBitcode& bc : rdcModules_) to.rdcModules.push_back(std::move(bc));
    for (const auto& [kernel, bytes] : stackBytes_) to.stackBytes[kernel] = std::max(to.stackBytes[kernel], bytes);
    to.usesHostIo |= usesHostIo_;
    to.hostGlobals.insert(hostGlobals_.begin(), hostGlobals_.end());
  }
  UntaggedFunctions& untagged() { return untagged_; }
  LaunchTokens& launchTokens(clang::SourceManager& sm) {
    if (!launchTokens_) launchTokens_.emplace(sm);
    return *launchTokens_;
  }

  // Whether `loc` lies in a branch of `if target` that the host does not take. Asked
  // once the parse has ended: before, the statements are not all there.
  bool deadOnHost(clang::CompilerInstance& ci, clang::SourceLocation loc) {
    if (!tk_ || !untagged_.parseEnded() || loc.isInvalid()) return false;
    clang::ASTContext& ast = ci.getASTContext();
    if (!hostDead_) {
      // Clang's deferred errors come at the end of the translation unit, before
      // onParsed collects the predicates.
      std::optional<WalkTape> earlyTape;
      std::optional<IfTargetPredicates> early;
      const IfTargetPredicates& predicates = predicates_ ? *predicates_ : early.emplace(earlyTape.emplace(ast));
      CodegenObjectScope values(ast, hostTargetValues());
      hostDead_ = predicates.branchesNotTaken();
    }
    clang::SourceManager& sm = ci.getSourceManager();
    loc = sm.getExpansionLoc(loc);
    for (const clang::SourceRange& r : *hostDead_) {
      clang::SourceLocation begin = sm.getExpansionLoc(r.getBegin()), end = sm.getExpansionLoc(r.getEnd());
      if (loc == begin || loc == end || (sm.isBeforeInTranslationUnit(begin, loc) && sm.isBeforeInTranslationUnit(loc, end)))
        return true;
    }
    return false;
  }

  // After the AST is gone: lower the host module and write the requested output.
  bool finish(clang::CompilerInstance& ci) {
    if (!ok_) return false;
    if (!host_ || writesDeviceCodeOnly(o_) || o_.kind == OutputKind::SyntaxOnly) return true;
    PhaseReport::Scope t(report_, "host backend");
    BackendPhase phase("generating host code");
    // The parse has ended its source file; the assembler's diagnostics (inline asm)
    // still print source lines.
    ci.getDiagnosticClient().BeginSourceFile(ci.getLangOpts(), nullptr);
    bool ok = emitHost(ci);
    ci.getDiagnosticClient().EndSourceFile();
    return ok;
  }

private:
  bool emitHost(clang::CompilerInstance& ci) {
    switch (o_.kind) {
    case OutputKind::Executable: // a scratch object the link step takes now
      return emitHostModule(ci, *hostModule_, HostEmit::Object, output_);
    case OutputKind::Object: return emitHostModule(ci, *hostModule_, HostEmit::Object, outputs_.add(output_));
    case OutputKind::Assembly: return emitHostModule(ci, *hostModule_, HostEmit::Assembly, outputs_.add(output_));
    case OutputKind::LLVMText: return emitHostModule(ci, *hostModule_, HostEmit::LLVMText, outputs_.add(output_));
    case OutputKind::LLVMBitcode:
      return emitHostModule(ci, *hostModule_, HostEmit::LLVMBitcode, outputs_.add(output_));
    }
    return false;
  }

  // -gpu with -spirv: each entry point's shader beside the sms' modules, named by the
  // kernel (by its symbol where two kernels share a name).
  bool writeShaders() {
    std::map<std::string, int> names;
    for (const CompiledShader& s : shaders_) ++names[s.kernel->getNameAsString()];
    for (const CompiledShader& s : shaders_) {
      std::string name = s.kernel->getNameAsString();
      if (names[name] > 1) name = s.entry.kernel;
      if (o_.kind == OutputKind::Assembly) {
        if (!writeOutputFile(outputs_.add(perShaderOutputName(output_, name, "spvasm")), disassembleSpirv(s.words)))
          return false;
        continue;
      }
      bool bc = o_.kind == OutputKind::LLVMBitcode;
      if (!writeModule(outputs_.add(perShaderOutputName(output_, name, bc ? "bc" : "ll")), *s.module, bc)) return false;
    }
    return true;
  }

  bool buildDevice(const TargetPassInput& in) {
    clang::CompilerInstance& ci = in.compiler;
    // Oldest first: sms that lower alike share the oldest one's optimised module
    // (targets/nvptx/shared_lowering.h).
    std::vector<int> sms = sms_;
    llvm::sort(sms);
    ParallelAssembly assembly(*tk_, o_.threads);
    std::vector<std::unique_ptr<llvm::Module>> assembling; // per image: its kernels' call graph, for stack bounds
    for (int sm : sms) {
      DeviceTarget dt = makeDeviceTarget(ci.getDiagnostics(), ci.getTarget().getTriple().str(), sm, tk_->ptxIsa,
                                         deviceShortPointers(o_.deviceOpt));
      if (!dt.info) return false;
      clang::CodeGenOptions cgo = deviceCodeGenOptions(ci.getCodeGenOpts(), o_.deviceOpt, o_.deviceDebug, o_.lineInfo);
      if (o_.verbose) llvm::errs() << devicePassLine(sm, tk_->ptxIsa, o_.deviceOpt) << "\n";
      std::unique_ptr<llvm::Module> m;
      {
        PhaseReport::Scope t(report_, "codegen " + smName(sm));
        HostOnlyInstrumentation hostOnly(ci.getLangOpts());
        CodegenObjectScope values(*ast_, nvptxTargetValues(sm));
        DeviceConstantsScope constants(*ast_, hostConstexprs_);
        DeviceRttiScope rtti(deviceRtti_);
        UntaggedFunctions::DevicePassScope unused(untagged_);
        if (!predicates_->checkConstant(ci.getDiagnostics(), smName(sm))) return false;
        bool leavingOut = !in.leaveOut->handsOverAll();
        TargetPassInput forSm = in;
        forSm.sm = sm;
        m = runTargetPass(forSm, *dt.info, /*deviceSide=*/true, cgo, llvm_, input_ + "." + smName(sm));
        if (leavingOut) sayIfGeneratedAgain(*in.leaveOut, "(device pass) " + smName(sm));
        if (m) emitDeviceRtti(*m, *ast_, deviceRtti_);
        if (m && !addExceptionIslands(in, *dt.info, cgo, sm, *m)) return false;
        if (m) passNonTrivialRecordsByAddress(*m, nonTrivialRecordParams());
      }
      if (!m || !lowerLongDoubleFor(*m)) return false;
      if (o_.rdc && !o_.deviceLibrary) {
        if (!keepRelocatable(*m, sm, sm == sms.front())) return false;
        if (!o_.gpuOutput && !deviceCodeForNvlink(o_)) continue;
      }
      std::string ptx;
      if (!lowerDevice(m, sm, sm == sms.front(), sm == sms.back(), ptx)) return false;

      std::string base = llvm::sys::path::stem(input_).str() + "." + smName(sm);
      if (o_.gpuOutput) {
        std::string file = outputs_.add(deviceModuleOutputName(o_, output_, sm));
        if (o_.kind != OutputKind::Assembly) markForSm(*m, sm, tk_->ptxIsa, input_ + "." + smName(sm));
        if (o_.kind == OutputKind::Assembly ? !writeOutputFile(file, ptx)
                                            : !writeModule(file, *m, o_.kind == OutputKind::LLVMBitcode))
          return false;
        continue;
      }
      // -cubin: ptxas writes the output itself.
      std::string cubin = o_.deviceOnly == DeviceOnly::Cubin ? outputs_.add(output_) : temps_.file(base + ".cubin");
      if (cubin.empty()) return false;
      assembly.start({std::move(ptx), SmImage{sm, temps_.file(base + ".ptx"), cubin},
                      ptxasOptions(o_), needsDeviceRuntime_.count(sm) != 0, temps_.file(base + ".o"),
                      o_.nvlinkArgs});
      assembling.push_back(std::move(m));
    }
    std::vector<SmImage> images;
    {
      PhaseReport::Scope t(report_, "ptxas (waiting)");
      std::vector<ParallelAssembly::Result> assembled = assembly.finish();
      for (size_t i = 0; i < assembled.size(); ++i) {
        ParallelAssembly::Result& r = assembled[i];
        llvm::errs() << r.messages;
        if (!r.error.empty()) {
          reportAtNamedKernel(r.error);
          return false;
        }
        if (o_.gpuAutoStack) keepLargestKernelStacks(stackBytes_, *assembling[i], r.frames);
        images.push_back(r.image);
      }
    }
    if (!host_) { // the host's pass writes the fat binary
      others_.images = std::move(images);
      return true;
    }
    takeOtherViews(images);
    // -spirv alone: no CUDA image; -cubin: ptxas wrote it.
    if (o_.gpuOutput || o_.smTargets.empty() || o_.deviceOnly == DeviceOnly::Cubin) return true;
    if (o_.rdc && !deviceCodeForNvlink(o_)) {
      // Clang's host code embeds this as the object's own fat binary (nvcc's
      // __nv_relfatbin); it is empty: the device code travels as bitcode, and the
      // link step registers the one linked fat binary.
      std::string empty = temps_.file(llvm::sys::path::stem(input_).str() + ".relfatbin");
      if (!writeOutputFile(empty, emptyFatbin())) return false;
      ci.getCodeGenOpts().CudaGpuBinaryFileName = empty;
      return true;
    }

    std::string fatbin = o_.deviceOnly == DeviceOnly::Fatbin ? outputs_.add(output_)
                                                             : temps_.file(llvm::sys::path::stem(input_).str() + ".fatbin");
    if (fatbin.empty()) return false;
    PhaseReport::Scope t(report_, "fatbinary");
    std::string err =
        runFatbinary(*tk_, images, fatbin, o_.deviceDebug, o_.verbose, deviceCodeForNvlink(o_), o_.fatbinArgs);
    if (!err.empty()) {
      reportError(err);
      return false;
    }
    // Clang's CUDA host code generation embeds this file in .nv_fatbin and registers
    // it, its kernels and its device variables with the CUDA runtime at start-up.
    ci.getCodeGenOpts().CudaGpuBinaryFileName = fatbin;
    return true;
  }

  // Where a kernel (by its device symbol) is declared: problems found in a device
  // module are reported there, with file:line:column.
  clang::SourceLocation kernelLocation(const std::string& kernel) {
    if (kernels_.empty()) kernels_ = indexKernels(*tape_);
    auto it = kernels_.find(kernel);
    return it == kernels_.end() ? clang::SourceLocation() : it->second->getLocation();
  }

  // Where a device-module symbol was declared: a kernel, another function or a
  // variable. Invalid when the AST has none (a symbol of circle's runtime).
  clang::SourceLocation symbolLocation(const std::string& symbol) {
    if (symbol.empty()) return {};
    if (clang::SourceLocation loc = kernelLocation(symbol); loc.isValid()) return loc;
    if (const clang::FunctionDecl* fd = findFunctionBySymbol(*tape_, symbol)) return fd->getLocation();
    if (const clang::VarDecl* vd = findVariableBySymbol(*tape_, symbol)) return vd->getLocation();
    return {};
  }

  // A ptxas error that names a kernel (a limit it exceeds) is said at the kernel.
  void reportAtNamedKernel(const std::string& message) {
    clang::SourceLocation loc = symbolLocation(functionNamedByPtxas(message));
    if (loc.isInvalid()) return reportError(message);
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << llvm::StringRef(message).rtrim().str();
  }

  // One diagnostic per reached function, at the kernel that reaches it.
  void reportAtKernels(const std::vector<ReachedFunction>& reached, const char* format, int sm,
                       clang::DiagnosticsEngine::Level level = clang::DiagnosticsEngine::Error) {
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(level, "%0");
    for (const ReachedFunction& f : reached)
      diags.Report(kernelLocation(f.kernel), id)
          << llvm::formatv(format, llvm::demangle(f.kernel), llvm::demangle(f.callee), smName(sm)).str();
  }

  // A variable of the host's memory read in device code (nvcc: "identifier ... is
  // undefined in device code"): said where the source names it, preferring the use in
  // the function whose code kept the reference, then one in the kernel. False if the
  // source names it nowhere, or only in system headers (a library's variable, which
  // the device runtime lacks): the caller says it at the kernel.
  bool reportHostVariable(const ReachedFunction& r, int sm) {
    std::vector<VariableUse> uses = findVariableUses(*tape_, r.callee);
    const clang::SourceManager& sources = ast_->getSourceManager();
    llvm::erase_if(uses, [&](const VariableUse& u) { return sources.isInSystemHeader(u.at); });
    if (uses.empty()) return false;
    const VariableUse* best = &uses.front();
    for (const std::string& in : {r.kernel, r.user})
      for (const VariableUse& u : uses)
        if (u.function == in) best = &u;
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    const clang::VarDecl* vd = findVariableBySymbol(*tape_, r.callee);
    const char* remedy =
        !o_.gpuHostGlobals ? "; declare it __device__, __constant__ or __managed__, pass its value to the kernel, or "
                             "compile with -fgpu-host-globals"
        : vd && vd->getTLSKind() != clang::VarDecl::TLS_None
            ? "; a thread_local variable has an address per host thread, which -fgpu-host-globals cannot give a "
              "kernel: pass its value to the kernel"
            : "; declare it __device__, __constant__ or __managed__, or pass its value to the kernel";
    diags.Report(best->at, diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                                 "'%0' is a host variable, which device code cannot read: kernel "
                                                 "'%1' reaches this use on %2%3"))
        << llvm::demangle(r.callee) << llvm::demangle(r.kernel) << smName(sm) << remedy;
    if (clang::SourceLocation k = kernelLocation(r.kernel); k.isValid())
      diags.Report(k, diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "kernel '%0' declared here"))
          << llvm::demangle(r.kernel);
    return true;
  }

  // -fgpu-host-globals: the program's own host variables this module reads (not a
  // library's: system headers' variables are the device runtime's business) go
  // through slots the host fills. A thread_local one has no one address: it stays an
  // error.
  void routeHostGlobals(llvm::Module& m) {
    if (!tape_) return;
    const clang::SourceManager& sources = ast_->getSourceManager();
    std::set<std::string> declared;
    for (const llvm::GlobalVariable& gv : m.globals())
      if (gv.isDeclaration()) declared.insert(gv.getName().str());
    std::map<std::string, const clang::VarDecl*> decls = findVariablesBySymbols(*tape_, declared);
    auto isHostVariable = [&](const llvm::GlobalVariable& gv) {
      auto it = decls.find(gv.getName().str());
      const clang::VarDecl* vd = it == decls.end() ? nullptr : it->second;
      return vd && vd->hasGlobalStorage() && vd->getTLSKind() == clang::VarDecl::TLS_None &&
             !vd->hasAttr<clang::CUDADeviceAttr>() && !vd->hasAttr<clang::CUDAConstantAttr>() &&
             !vd->hasAttr<clang::CUDASharedAttr>() && !sources.isInSystemHeader(vd->getLocation());
    };
    for (const std::string& symbol : routeHostGlobalsThroughSlots(m, isHostVariable)) hostGlobals_.insert(symbol);
  }

  // The host module must define every variable device code reads through a slot,
  // even one host code never names (an inline variable, a template's static member,
  // whose definition is not the declaration the symbol finds). Returns each one's size
  // on the host (0 for an incomplete type), by symbol: an extern one host code never
  // names is only declared there.
  std::map<std::string, uint64_t> emitHostGlobalsOnHost(clang::ASTContext& ast) {
    std::map<std::string, uint64_t> bytes;
    for (const auto& [symbol, vd] : findVariablesBySymbols(*tape_, hostGlobals_)) {
      bytes[symbol] = vd->getType()->isIncompleteType() ? 0 : ast.getTypeSizeInChars(vd->getType()).getQuantity();
      if (clang::VarDecl* def = const_cast<clang::VarDecl*>(vd)->getDefinition(); def && !def->hasAttr<clang::UsedAttr>())
        def->addAttr(clang::UsedAttr::CreateImplicit(ast));
    }
    return bytes;
  }

  // A function the user marked __host__ keeps that meaning: kernels may not reach it.
  // Checked before optimisation, while calls have not been inlined away.
  bool checkNoExplicitHostCalls(const std::vector<ReachedFunction>& reached, int sm) {
    if (!hostOnlyIndexed_) {
      hostOnly_ = indexExplicitHostFunctions(*tape_);
      hostOnlyIndexed_ = true;
    }
    if (hostOnly_.empty()) return true;
    std::vector<ReachedFunction> bad;
    for (const ReachedFunction& r : reached)
      if (hostOnly_.count(r.callee)) bad.push_back(r);
    if (bad.empty()) return true;
    reportAtKernels(bad, "kernel '{0}' calls '{1}', which is declared __host__ (host only); drop __host__ "
                         "(untagged functions compile for every target) or add __device__", sm);
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned note = diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "'%0' declared __host__ here");
    for (const ReachedFunction& r : bad) {
      const clang::FunctionDecl* fd = hostOnly_[r.callee];
      diags.Report(fd->getLocation(), note) << fd->getQualifiedNameAsString();
    }
    return false;
  }

  // Untagged functions may launch kernels from the host; one a kernel reaches
  // would launch from the device, which needs relocatable device code.
  bool checkNoDeviceLaunches(const std::vector<ReachedFunction>& reached, int sm) {
    if (launches_.launchingFunctions.empty()) return true;
    bool ok = true;
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    for (const ReachedFunction& r : reached) {
      auto it = launches_.launchingFunctions.find(r.callee);
      if (it == launches_.launchingFunctions.end()) continue;
      diags.Report(it->second, diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
          << std::string(o_.rdc ? kUntaggedDeviceLaunch : kDeviceLaunchNeedsRdc) + ": '" + llvm::demangle(r.callee) + "' launches a kernel and is " +
                 "reached from kernel '" + llvm::demangle(r.kernel) + "' (" + smName(sm) + ")";
      ok = false;
    }
    return ok;
  }

  bool applyClusterDims(llvm::Module& m, int sm) {
    if (!clusterKernelsIndexed_) {
      clusterKernels_ = indexClusterKernels(*tape_);
      clusterKernelsIndexed_ = true;
    }
    if (clusterKernels_.empty()) return true;
    std::vector<ClusterDimsError> errors = markClusterDims(m, clusterKernels_, sm);
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
    // indexClusterKernels found each by its attribute: the error points there.
    for (const ClusterDimsError& e : errors)
      diags.Report(e.kernel->getAttr<clang::CUDAClusterDimsAttr>()->getLocation(), id) << e.message;
    return errors.empty();
  }

  bool applyLaunchBounds(llvm::Module& m, int sm) {
    std::vector<LaunchBoundsError> errors = lowerLaunchBounds(m);
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
    for (const LaunchBoundsError& e : errors)
      diags.Report(kernelLocation(e.kernel), id)
          << "kernel '" + llvm::demangle(e.kernel) + "': " + e.message + " (" + smName(sm) + ")";
    return errors.empty();
  }

  // x87 constants become doubles (targets/nvptx/long_double.h); what cannot be
  // lowered is an error at the function that holds it.
  bool lowerLongDoubleFor(llvm::Module& m) {
    std::vector<std::string> left = lowerLongDouble(m);
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
    for (const std::string& name : left) {
      std::string what = "circle cannot compute the long double values of '" + llvm::demangle(name) +
                         "' on the GPU yet (an internal limitation: please report it)";
      if (clang::SourceLocation loc = symbolLocation(name); loc.isValid()) diags.Report(loc, id) << what;
      else reportError(what);
    }
    return left.empty();
  }

  // Once per kernel, on its first sm: long double is double on the GPU.
  void warnLongDoubleKernels(llvm::Module& m) {
    if (!longDoubleIndexed_) {
      longDouble_ = indexLongDoubleFunctions(*tape_);
      longDoubleIndexed_ = true;
    }
    if (longDouble_.empty()) return;
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Warning,
                                        "kernel '%0' computes with long double, which the GPU computes as double "
                                        "(64-bit); its size and alignment stay the host's");
    for (llvm::Function& k : m) {
      if (!isKernel(k) || k.isDeclaration()) continue;
      for (llvm::Function* f : functionsReachedFrom(k))
        if (longDouble_.count(f->getName().str())) {
          diags.Report(kernelLocation(k.getName().str()), id) << llvm::demangle(k.getName().str());
          break;
        }
    }
  }

  // sm's NVPTX back end; null after reporting a failure.
  std::unique_ptr<llvm::TargetMachine> machineFor(int sm) {
    std::string err;
    auto tm = makeNvptxMachine(sm, tk_->ptxIsa, o_.deviceOpt, err, o_.math.fmad);
    if (!tm) reportError("cannot create the NVPTX backend for " + smName(sm) + ": " + err);
    return tm;
  }

  // The sm's data layout and the -OGn pipeline; null after reporting a failure.
  std::unique_ptr<llvm::TargetMachine> optimizeFor(llvm::Module& m, int sm) {
    PhaseReport::Scope t(report_, "device optimise");
    auto tm = machineFor(sm);
    if (!tm) return nullptr;
    m.setDataLayout(tm->createDataLayout());
    // -Xclang -disable-llvm-passes: the device's IR as generated, less only what the back
    // end needs (the -OG0 pipeline: always-inline functions, NVVMReflect), as the host's.
    bool noPasses = ci_ && ci_->getCodeGenOpts().DisableLLVMPasses;
    optimizeDeviceModule(m, *tm, noPasses ? 0 : o_.deviceOpt);
    if (!checkOptimized(m, sm)) return nullptr;
    return tm;
  }

  // What a device module's kernels need before optimisation, while calls are still
  // visible: managed variables marked, launch bounds lowered, and no kernel reaching
  // a function the user marked __host__ or one that launches the host's way.
  bool applyKernelRules(llvm::Module& m, int sm, bool firstSm) {
    markManagedVariables(m, managed_);
    if (o_.restrictKernelPointers) restrictKernelPointers(m);
    if (!applyClusterDims(m, sm)) return false;
    if (!applyLaunchBounds(m, sm)) return false;
    if (firstSm) warnLongDoubleKernels(m);
    std::vector<ReachedFunction> reached = functionsReachedFromKernels(m);
    if (firstSm) warnDeviceTry(reached);
    return checkNoExplicitHostCalls(reached, sm) && checkNoDeviceLaunches(reached, sm);
  }

  // By device symbol. Local entities of a kernel (its lambdas) are named after the
  // kernel in a device module, after its host stub in the host's: mangled as a
  // device pass would.
  const DeclsByName& userFunctions() {
    if (!userFunctionsIndexed_) {
      clang::LangOptions& lang = ci_->getLangOpts();
      unsigned device = lang.CUDAIsDevice;
      lang.CUDAIsDevice = 1;
      userFunctions_ = indexUserFunctions(*tape_);
      lang.CUDAIsDevice = device;
      userFunctionsIndexed_ = true;
    }
    return userFunctions_;
  }

  const std::map<std::string, TryFunction>& tryFunctions() {
    if (!triesIndexed_) {
      tries_ = findTryFunctions(userFunctions(), ast_->getSourceManager());
      triesIndexed_ = true;
    }
    return tries_;
  }

  // targets/nvptx/nontrivial_params.h: read once, for every sm's pass.
  const std::map<std::string, std::vector<bool>>& nonTrivialRecordParams() {
    if (!nonTrivialRecordParams_) nonTrivialRecordParams_ = indexNonTrivialRecordParams(*tape_);
    return *nonTrivialRecordParams_;
  }

  // The functions of `m` that say `try`, generated again with their handlers
  // (codegen/exception_islands.h) and linked over the device pass's copies.
  bool addExceptionIslands(const TargetPassInput& in, const clang::TargetInfo& target,
                           const clang::CodeGenOptions& cgo, int sm, llvm::Module& m) {
    auto defined = [&m](const std::string& symbol) {
      llvm::Function* f = m.getFunction(symbol);
      return f && !f->isDeclaration() ? f : nullptr;
    };
    std::vector<const clang::FunctionDecl*> roots; // a constructor's or destructor's once, for its symbols
    auto add = [&roots](const clang::FunctionDecl* fd) {
      if (canBeExceptionIsland(*fd) && !llvm::is_contained(roots, fd)) roots.push_back(fd);
    };
    for (const auto& [symbol, t] : tryFunctions())
      if (defined(symbol)) add(t.decl);
    if (roots.empty()) return true;
    // With something to catch, the user's functions an exception may leave come too,
    // so their objects are destroyed on the way out.
    Throwers throwers = findThrowers(m);
    for (const auto& [symbol, fd] : userFunctions())
      if (llvm::Function* f = defined(symbol); f && throwers.functions.count(f)) add(fd);
    std::unique_ptr<llvm::Module> islands =
        generateExceptionIslands(in, target, cgo, llvm_, input_ + "." + smName(sm) + ".try", roots);
    if (!islands) return false;
    emitDeviceRtti(*islands, *ast_, deviceRtti_);
    std::string err = linkExceptionIslands(m, std::move(islands));
    if (!err.empty()) reportError(err);
    return err.empty();
  }

  // Once per function, at its try, where the GPU runs the try block without its
  // handlers: a function CUDA mode must generate (codegen/exception_islands.h).
  void warnDeviceTry(const std::vector<ReachedFunction>& reached) {
    if (tryFunctions().empty()) return;
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Warning,
                                        "kernel '%0' reaches this try, whose handlers the GPU cannot run: its function "
                                        "declares a __shared__ or __constant__ variable or launches a kernel; the try "
                                        "block runs, and a throw in it prints what it threw and traps");
    for (const ReachedFunction& r : reached)
      if (auto it = tries_.find(r.callee); it != tries_.end() && !canBeExceptionIsland(*it->second.decl))
        diags.Report(it->second.firstTry, id) << llvm::demangle(r.kernel);
  }

  // Internal names are respelt for PTX; a kernel's or device variable's name, which
  // the host registers, cannot be (targets/nvptx/ptx_names.h).
  bool legalizeNames(llvm::Module& m) {
    std::vector<std::string> bad = legalizePtxNames(m);
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
    for (const std::string& name : bad) {
      diags.Report(symbolLocation(name), id) << "'" + llvm::demangle(name) + "' cannot be named in PTX, which spells names with ASCII "
                               "letters, digits, '_' and '$' only; rename it";
    }
    return bad.empty();
  }

  // What the optimised module shows that Sema could not: operations an sm lacks
  // (located if the backend fails on one) and __float128 arithmetic. The line tables
  // device passes write without -G serve these diagnostics only.
  bool checkOptimized(llvm::Module& m, int sm) {
    clang::SourceManager& srcMgr = ci_->getSourceManager();
    const clang::HeaderSearch& headers = ci_->getPreprocessor().getHeaderSearchInfo();
    auto isSystemFile = [&](const std::string& path) { return isSystemHeaderFile(headers, path); };
    sites_ = recordIntrinsicSites(m, isSystemFile);
    std::vector<OperationSite> quad = findQuadFloatSites(m, isSystemFile);
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    for (const OperationSite& site : quad)
      diags.Report(locateInSource(srcMgr, site.path, site.line, site.column),
                   diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
          << "__float128 arithmetic is not supported on the GPU (" + smName(sm) + "): compute in double, or keep it in host code";
    if (!o_.deviceDebug && !o_.lineInfo) llvm::StripDebugInfo(m);
    return quad.empty();
  }

  // -v: a pass's module named something left out, so the pass ran again with everything.
  void sayIfGeneratedAgain(const LeftOutFunctions& leftOut, const std::string& pass) {
    if (!o_.verbose || !leftOut.handsOverAll() || !leftOut.namedAfterAll()) return;
    llvm::errs() << " " << pass << ": its module names '"
                 << llvm::cast<clang::NamedDecl>(leftOut.namedAfterAll())->getQualifiedNameAsString()
                 << "', which was left out: generated again with everything\n";
  }

  // -rdc: what a device link needs from this object's module for `sm`, checked as
  // far as one object allows, is kept as bitcode for the host object to carry.
  bool keepRelocatable(llvm::Module& m, int sm, bool firstSm) {
    if (!o_.deviceDebug && !o_.gpuOutput) llvm::StripDebugInfo(m);
    dropKernels(m, launches_.kernelsNotFor(sm));
    if (!applyKernelRules(m, sm, firstSm)) return false;
    if (o_.gpuOutput) return true;
    std::string bitcode;
    llvm::raw_string_ostream os(bitcode);
    llvm::WriteBitcodeToFile(m, os);
    rdcModules_.push_back({sm, std::move(bitcode)});
    return true;
  }

  // Links, checks and optimises `m` for `sm`, or takes the optimised module of an
  // earlier sm it agrees with, then prints its PTX.
  bool lowerDevice(std::unique_ptr<llvm::Module>& m, int sm, bool firstSm, bool lastSm, std::string& ptx) {
    // A device library keeps every external definition for the modules it will be
    // linked into; those drop what their kernels do not reach.
    // -rdc's -gpu outputs show one object's module, before any device link.
    if (o_.deviceLibrary || o_.rdc) {
      if (o_.deviceLibrary) routeToRuntimeWrappers(*m);
      applyDeviceExceptions(*m, planDeviceExceptions(*m));
      if (deviceCodeForNvlink(o_) && !prepareForToolkitLinker(*m)) return false;
      auto tm = optimizeFor(*m, sm);
      bool wantsPtx = o_.kind == OutputKind::Assembly || o_.deviceOnly != DeviceOnly::None;
      return tm && (!wantsPtx || emitPtxFor(*m, *tm, sm, ptx));
    }
    std::set<std::string> dropped = launches_.kernelsNotFor(sm);
    dropSmAttributes(*m);
    std::string key = firstSm && lastSm ? "" : loweringKey(*m, dropped);
    std::unique_ptr<llvm::TargetMachine> tm;
    auto group = llvm::find_if(lowered_, [&](const LoweredGroup& g) { return g.key == key; });
    if (!key.empty() && group != lowered_.end()) {
      if (o_.verbose)
        llvm::errs() << " (device pass) " << smName(sm) << ": the same module as " << smName(group->sm)
                     << "'s: its linked, optimised module goes to " << smName(sm) << "'s back end\n";
      m = loadLowered(group->bitcode, llvm_);
      if (!m) {
        reportError("circle could not reread the module it lowered for " + smName(group->sm) + " (a circle bug)");
        return false;
      }
      sites_ = group->sites;
      if (group->deviceRuntime) needsDeviceRuntime_.insert(sm);
      tm = machineFor(sm);
      if (!tm) return false;
    } else {
      tm = linkAndOptimize(*m, sm, dropped, firstSm);
      if (!tm) return false;
      if (!key.empty() && !lastSm)
        lowered_.push_back({std::move(key), sm, saveLowered(*m), sites_, needsDeviceRuntime_.count(sm) != 0});
    }
    if (deviceModuleUsesHostIo(*m)) usesHostIo_ = true;
    if (o_.gpuOutput && o_.kind != OutputKind::Assembly) return true;
    return emitPtxFor(*m, *tm, sm, ptx);
  }

  // -rdc -ptx/-cubin/-fatbin: code for nvlink, which cannot supply circle's runtime.
  bool prepareForToolkitLinker(llvm::Module& m) {
    std::string err;
    if (!runtimeFunctions_) { // read once for every sm
      runtimeFunctions_.emplace();
      err = readDefinedFunctions(deviceRuntimePath(), *runtimeFunctions_);
    }
    std::vector<ReachedFunction> fromRuntime;
    if (err.empty()) fromRuntime = linkForToolkitLinker(m, *runtimeFunctions_, tk_->libdevice, err);
    if (!err.empty()) {
      reportError(err);
      return false;
    }
    if (fromRuntime.empty()) return true;
    const char* flag = o_.deviceOnly == DeviceOnly::Ptx     ? "-ptx"
                       : o_.deviceOnly == DeviceOnly::Cubin ? "-cubin"
                                                            : "-fatbin";
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                        "'%0' calls '%1', which circle's device runtime provides: '%2' with -rdc "
                                        "writes device code for the toolkit's nvlink, which cannot link it; compile "
                                        "with -rdc -c and link with circle, which links the runtime");
    for (const ReachedFunction& r : fromRuntime)
      diags.Report(symbolLocation(r.kernel), id) << llvm::demangle(r.kernel) << llvm::demangle(r.callee) << flag;
    return false;
  }

  std::unique_ptr<llvm::TargetMachine> linkAndOptimize(llvm::Module& m, int sm, const std::set<std::string>& dropped,
                                                       bool firstSm) {
    std::string err;
    {
      PhaseReport::Scope t(report_, "device link");
      err = linkDeviceModule(m, deviceRuntimePath(), tk_->libdevice, dropped);
    }
    if (!err.empty()) {
      reportError(err);
      return nullptr;
    }
    if (o_.gpuHostGlobals) routeHostGlobals(m);
    applyDeviceMath(m, o_.math);
    if (!applyKernelRules(m, sm, firstSm) || !legalizeNames(m)) return nullptr;
    auto tm = optimizeFor(m, sm);
    if (!tm) return nullptr;
    std::vector<ReachedFunction> missing;
    for (ReachedFunction& r : findMissingDeviceFunctions(m)) {
      // cudaGraphSetConditional & co.: libcudadevrt.a has them, linked after ptxas.
      if (fromDeviceRuntimeLibrary(r.callee) && (!ast_ || declaredForDevice(*ast_, r.callee)))
        needsDeviceRuntime_.insert(sm);
      else missing.push_back(std::move(r));
    }
    if (!missing.empty()) {
      std::vector<ReachedFunction> functions;
      for (const ReachedFunction& r : missing)
        if (r.user.empty() || !reportHostVariable(r, sm)) functions.push_back(r);
      if (!functions.empty()) {
        std::vector<ReachedFunction> fromKernels, fromVariables;
        for (ReachedFunction& r : functions) (r.variable.empty() ? fromKernels : fromVariables).push_back(r);
        reportAtKernels(fromKernels, "kernel '{0}' reaches '{1}', which has no device definition for {2}", sm,
                        clang::DiagnosticsEngine::Error);
        clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
        unsigned held = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                              "'%0', whose address device variable '%1' holds, reaches '%2', which "
                                              "has no device definition for %3");
        for (const ReachedFunction& r : fromVariables)
          diags.Report(symbolLocation(r.kernel), held)
              << llvm::demangle(r.kernel) << llvm::demangle(r.variable) << llvm::demangle(r.callee) << smName(sm);
        ci_->getDiagnostics().Report(ci_->getDiagnostics().getCustomDiagID(
            clang::DiagnosticsEngine::Note, "a function declared without a body (one defined in another source "
                                            "needs -rdc), or a host library function that circle's device "
                                            "libraries do not provide yet"));
      }
      return nullptr;
    }
    if (!o_.gpuAutoStack && firstSm) // the same code for every sm: say it once
      reportAtKernels(findUnboundedStacks(m),
                      "kernel '{0}' may need more stack than ptxas can determine statically (recursion through "
                      "'{1}'); the default is 1 KiB per thread: raise it with cudaDeviceSetLimit(cudaLimitStackSize, "
                      "bytes) if the kernel fails with an illegal memory access",
                      sm, clang::DiagnosticsEngine::Warning);
    return tm;
  }

  bool emitPtxFor(llvm::Module& m, llvm::TargetMachine& tm, int sm, std::string& ptx) {
    PhaseReport::Scope t(report_, "PTX");
    BackendPhase phase("generating PTX for " + smName(sm), &sites_);
    std::string err;
    if (!emitPtx(m, tm, ptx, err)) {
      reportError(smName(sm) + ": " + err);
      return false;
    }
    return true;
  }

  // The host's pass, where the parse met a file that differs per target: each target's
  // view is preprocessed, and the groups whose view is not the host's are compiled by
  // passes of their own now; this pass keeps the sms that read the host's view.
  // The host's parse failed after meeting a file the targets read differently: where the
  // host's view does not hold every target, what it said is dropped and compileSource
  // parses it again with only its own targets' copies of the statement guards
  // (frontend/pass_diagnostics.h). Otherwise what it said is said.
  void retryWithOwnCopies(clang::CompilerInstance& ci) {
    if (!said_) return;
    if (!host_ && !skipHostBodies_) return; // another view's first attempt: held for its retry
    if (host_ && views_ && views_->files && views_->files->any() && !views_->fromStdin && !groups_ &&
        !said_->errorsSaid()) {
      views_->files->toolkitByView = !views_->files->toolkitChoices.empty();
      std::optional<std::vector<ViewGroup>> groups = groupTargetsByView(views_->make, o_.smTargets, views_->keepsHostView, views_->beginPreprocessing);
      if (groups && groups->size() > 1) {
        said_->drop();
        ci.getDiagnosticClient().clear();
        groups_ = std::move(groups);
        return;
      }
      views_->files->toolkitByView = false;
    }
    said_->release();
  }

  bool compileOtherViews() {
    if (views_->fromStdin) {
      clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
      diags.Report(locateInSource(ci_->getSourceManager(), views_->files->paths.front(), 1, 1),
                   diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                         "this file reads __CUDA_ARCH__ where each target may need a front-end pass "
                                         "of its own, which reads the main source again: give the source as a "
                                         "file, not on standard input"));
      return false;
    }
    std::optional<std::vector<ViewGroup>> groups = groups_;
    if (!groups) {
      PhaseReport::Scope t(report_, "target views");
      groups = groupTargetsByView(views_->make, o_.smTargets, views_->keepsHostView, views_->beginPreprocessing);
    }
    if (!groups) return false;
    sms_ = groups->front().sms;
    if (groups->size() == 1) return true;
    if (o_.verbose) {
      llvm::errs() << " (parse, in circle) the targets read this source differently: a front-end pass for the host";
      for (int sm : sms_) llvm::errs() << ", " << smName(sm);
      for (size_t g = 1; g < groups->size(); ++g) {
        llvm::errs() << "; one for";
        for (int sm : (*groups)[g].sms) llvm::errs() << " " << smName(sm);
      }
      llvm::errs() << "\n";
    }
    for (size_t g = 1; g < groups->size(); ++g) {
      const ViewGroup& group = (*groups)[g];
      if (o_.remarkPasses) remarkDeparture(group, groups->size());
      if (!views_->compile(group, launches_, others_)) return false;
    }
    return true;
  }

  void remarkDeparture(const ViewGroup& group, size_t passes) {
    clang::DiagnosticsEngine& diags = ci_->getDiagnostics();
    std::string sms = smNames(group.sms);
    std::string what = "compiled in " + std::to_string(passes) + " front-end passes: from here on " + sms +
                       (group.sms.size() > 1 ? " read" : " reads") + " this source differently from the host" +
                       (group.macro.empty() ? "" : " (through macro '" + group.macro + "')") +
                       ", in a pass of " + (group.sms.size() > 1 ? "their" : "its") + " own";
    if (views_->files && views_->files->toolkitByView)
      what += " (" + views_->files->toolkitChoices.front() + " chooses features by target; the one pass, which " +
              "reads them for " + smName(commonFeatureSm(o_.smTargets)) + ", the oldest target, did not compile)";
    clang::SourceLocation loc =
        group.path.empty() ? clang::SourceLocation()
                           : locateInSource(ci_->getSourceManager(), group.path, group.line, group.column);
    if (loc.isValid()) {
      diags.Report(loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Remark, "%0")) << what;
      return;
    }
    llvm::errs() << (group.presumed.empty() ? "circle" : group.presumed) << ": remark: " << what << "\n";
  }

  // The host's pass: what the other views' passes made joins its own.
  void takeOtherViews(std::vector<SmImage>& images) {
    images.insert(images.end(), others_.images.begin(), others_.images.end());
    llvm::sort(images, [](const SmImage& a, const SmImage& b) { return a.sm < b.sm; });
    for (DeviceBitcode& bc : others_.rdcModules) rdcModules_.push_back(std::move(bc));
    others_.rdcModules.clear();
    for (const auto& [kernel, bytes] : others_.stackBytes) stackBytes_[kernel] = std::max(stackBytes_[kernel], bytes);
    usesHostIo_ |= others_.usesHostIo;
    hostGlobals_.insert(others_.hostGlobals.begin(), others_.hostGlobals.end());
  }

  const Options& o_;
  const CudaToolkit* tk_;
  std::string input_, output_;
  TempDir& temps_;
  PendingOutputs& outputs_;
  PhaseReport& report_;
  std::vector<int> sms_; // the GPU targets this pass generates
  bool host_;            // it generates the host's code (and writes the fat binary)
  const OtherViews* views_;
  const LaunchIndex* hostLaunches_; // another view's pass: the host's pass's launches
  PassDiagnostics* said_ = nullptr;  // the host's pass: owned by its compiler instance
  bool skipHostBodies_ = false;
  std::optional<std::vector<ViewGroup>> groups_; // known before the parse (a retry)
  DeviceProducts others_; // the host's pass: what the other views' passes made; theirs: their images
  llvm::LLVMContext llvm_;
  LLVMDiagnostics* asmDiagnostics_ = nullptr; // owned by llvm_
  std::map<std::string, OperationSite> sites_;            // of the module being lowered
  std::map<std::string, unsigned long long> stackBytes_;  // kernels ptxas cannot size: their bound
  std::set<int> needsDeviceRuntime_; // sms whose module calls into libcudadevrt.a
  std::optional<std::set<std::string>> runtimeFunctions_; // what circle's device runtime defines (-rdc -cubin)
  bool usesHostIo_ = false;          // a device module uses stdio: the host object serves it
  std::set<std::string> hostGlobals_; // -fgpu-host-globals: host variables device modules read
  // Optimised modules that later sms with the same loweringKey take a copy of.
  struct LoweredGroup {
    std::string key;
    int sm;
    std::string bitcode; // the optimised module
    std::map<std::string, OperationSite> sites;
    bool deviceRuntime;
  };
  std::vector<LoweredGroup> lowered_;
  clang::CompilerInstance* ci_ = nullptr;
  clang::ASTContext* ast_ = nullptr; // valid only while onParsed runs
  std::optional<WalkTape> tape_;      // the same (sema/walk_tape.h)
  LeftOutFunctions hostLeftOut_, deviceLeftOut_; // what the passes do not hand CodeGen
  DeclsByName kernels_, hostOnly_, longDouble_, userFunctions_, clusterKernels_;
  bool clusterKernelsIndexed_ = false;
  bool userFunctionsIndexed_ = false;
  bool longDoubleIndexed_ = false;
  std::map<std::string, TryFunction> tries_; // by device symbol (codegen/kernel_index.h)
  std::optional<std::map<std::string, std::vector<bool>>> nonTrivialRecordParams_;
  bool triesIndexed_ = false;
  std::optional<IfTargetPredicates> predicates_;
  std::vector<clang::VarDecl*> hostConstexprs_;
  DeviceRtti deviceRtti_;
  std::vector<const clang::VarDecl*> storageOnly_;
  KernelVariants variants_; // sema/policy_chains.h
  LaunchIndex launches_;
  std::optional<LaunchTokens> launchTokens_;
  std::set<std::string> managed_;
  std::map<std::string, const clang::VarDecl*> managedDecls_;
  bool hostOnlyIndexed_ = false;
  std::unique_ptr<llvm::Module> hostModule_;
  std::vector<DeviceBitcode> rdcModules_;
  std::vector<CompiledShader> shaders_;
  UntaggedFunctions untagged_;
  std::optional<std::vector<clang::SourceRange>> hostDead_;
  bool ok_ = false;
};

class OneParseAction : public clang::ASTFrontendAction {
public:
  OneParseAction(Compilation& c, PhaseReport& report, const SourceRespelling& files)
      : c_(c), report_(report), files_(files) {}

protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    parse_.emplace(report_, "parse");
    return std::make_unique<RecordingConsumer>(
        [this, &ci](clang::ASTContext& ast, const ConsumerEventLog& log) {
          parse_.reset(); // the parse ends where code generation begins
          c_.onParsed(ci, ast, log);
        },
        c_.skipsHostBodies() ? runsOnHostOnly : std::function<bool(const clang::Decl*)>());
  }
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    clang::Preprocessor& pp = ci.getPreprocessor();
    watchPreambleEnd(pp, *files_.parse);
    auto perTarget = [this](llvm::StringRef file) { return files_.readsPerTarget(file); };
    auto hostView = [this](llvm::StringRef file) { return files_.keepsHostView(file); };
    if (ci.getLangOpts().CUDA) {
      scopeNvccMacros(pp, hostView);
      addNvccPragmas(pp);
    }
    pp.setTokenWatcher([ban = banCudaArch(pp, anyArchSpecific(c_.smTargets()), perTarget, hostView),
                        gate = gateIfTargetMacro(pp),
                        storageOnly = watchStorageOnly(), &untagged = c_.untagged(),
                        &launches = c_.launchTokens(ci.getSourceManager()), host = c_.generatesHost(), &ci,
                        dialect = takeOverDialectStatements(pp, c_.smTargets())](const clang::Token& tok) {
      ban(tok);
      // Another view's pass skips host bodies; the host's pass checked their launches.
      if (host) launches.onToken(tok);
      gate(tok);
      storageOnly(tok);
      untagged.onToken(ci, tok);
      // Last: what it enters comes after this token, which the others have seen.
      if (ci.getLangOpts().CPlusPlus) dialect(tok);
    });
    return true;
  }
  void ExecuteAction() override {
    clang::CompilerInstance& ci = getCompilerInstance();
    if (!ci.hasSema()) ci.createSema(getTranslationUnitKind(), nullptr);
    boundTypoCorrection(ci.getSema(), ci.getLangOpts());
    clang::ASTFrontendAction::ExecuteAction();
  }
  void EndSourceFileAction() override {
    files_.parse->pastPreamble = false;
    parse_.reset();
    // Clang ends its error count with "when compiling for host" in CUDA mode; in one
    // pass there is no such thing, and the count covers every target.
    getCompilerInstance().getLangOpts().CUDA = 0;
  }

private:
  Compilation& c_;
  PhaseReport& report_;
  const SourceRespelling& files_;
  std::optional<PhaseReport::Scope> parse_;
};

// -E and -M of a source whose targets read it differently: each other target's view
// too, its dependencies in the rule, its text after a marker naming the targets that
// read it (frontend/preprocessed_output.h), once per distinct text.
bool preprocessOtherViews(const Options& o, const OtherViews& views, const SourceRespelling& files,
                          const std::shared_ptr<DependencyFile>& deps, std::string* out) {
  if (views.fromStdin) {
    reportError("'" + views.files->paths.front() + "' reads __CUDA_ARCH__ where each target may read the source " +
                "differently, which reads the main source again: give the source as a file, not on standard input");
    return false;
  }
  std::string host = out ? *out : "";
  std::vector<std::pair<std::string, std::vector<int>>> texts;
  for (int sm : o.smTargets) {
    std::unique_ptr<clang::CompilerInstance> ci = views.make(sm, /*preprocessOnly=*/true, /*copies=*/nullptr);
    if (!ci) return false;
    if (deps) ci->addDependencyCollector(deps);
    std::string text;
    PreprocessAction action(out ? &text : nullptr, anyArchSpecific(o.smTargets), files);
    if (!ci->ExecuteAction(action) || ci->getDiagnostics().hasErrorOccurred()) return false;
    if (!out || text == host) continue;
    auto same = llvm::find_if(texts, [&](const auto& t) { return t.first == text; });
    if (same != texts.end()) same->second.push_back(sm);
    else texts.push_back({std::move(text), {sm}});
  }
  for (const auto& [text, sms] : texts) {
    if (!out->empty() && out->back() != '\n') *out += '\n';
    *out += viewSectionMarker(sms) + text;
  }
  return true;
}

// circle's words for Clang's CUDA diagnostics, for a pass's compiler instance; a
// warning the host's pass gave, another view's pass does not give again.
void rewordDiagnostics(clang::CompilerInstance& ci, Compilation& c, SaidWarnings& said) {
  PassDiagnostics* control = nullptr;
  auto printer = sayWarningsOnce(ci.getDiagnostics().takeClient(), said, c.generatesHost(), &control);
  ci.getDiagnostics().setClient(
      rewordForCircle(std::move(printer), [&](clang::SourceLocation loc) { return c.deadOnHost(ci, loc); }).release(),
      /*owned=*/true);
  c.sayThrough(control);
}

// -###: the one Clang invocation a source is parsed with, and the passes that would
// follow it; nothing runs.
void printPlan(const Options& o, const CudaToolkit* tk, const clang::CompilerInvocation& inv) {
  llvm::errs() << " (parse, in circle)";
  for (const std::string& a : inv.getCC1CommandLine()) llvm::errs() << " \"" << a << "\"";
  llvm::errs() << "\n";
  if (!tk || o.kind == OutputKind::Preprocessed || o.kind == OutputKind::Dependencies ||
      o.kind == OutputKind::SyntaxOnly)
    return;
  // -gpu and -ptx stop at the PTX; -cubin at ptxas's cubin. An -rdc object keeps its
  // device code as bitcode for the link, unless -cubin or -fatbin asks for nvlink's input.
  bool unlinked = deviceCodeForNvlink(o);
  bool assembles = !o.gpuOutput && (!o.rdc || unlinked);
  for (int sm : o.smTargets) {
    llvm::errs() << devicePassLine(sm, tk->ptxIsa, o.deviceOpt);
    if (assembles)
      llvm::errs() << ", then \"" << tk->ptxas << "\"" << (o.ptxasRelocatable || unlinked ? " -c" : "")
                   << " -arch=" << smName(sm);
    if (assembles && o.ptxasRelocatable && !unlinked)
      llvm::errs() << ", then \"" << tk->nvlink << "\" --arch=" << smName(sm);
    llvm::errs() << "\n";
  }
  if (assembles && !o.smTargets.empty() && o.deviceOnly != DeviceOnly::Cubin)
    llvm::errs() << " \"" << tk->fatbinary << "\" -64 --create=..." << (unlinked ? " --device-c" : "") << "\n";
}

} // namespace

namespace {
// Whether a file's text names a kernel or a launch: what a host-only parse cannot read.
bool mentionsKernels(const std::string& path) {
  auto text = llvm::MemoryBuffer::getFile(path);
  return text && ((*text)->getBuffer().contains("__global__") || (*text)->getBuffer().contains("<<<"));
}
} // namespace

bool compileSource(const Options& o, const CudaToolkit* tk, const Input& input, const std::string& output,
                   TempDir& temps, PendingOutputs& outputs, PhaseReport& report, std::string& text) {
  if (input.path != "-" && !llvm::sys::fs::is_regular_file(input.path)) {
    std::string why = notARegularFile(input.path);
    reportError(why.empty() ? "no such file: '" + input.path + "'" : "cannot read '" + input.path + "': " + why);
    return false;
  }
  // C, and the C++ files nvcc sends to the host compiler, are host code.
  const CudaToolkit* hostHeaders = nullptr;
  if (input.language == Language::C || input.hostOnly) std::swap(tk, hostHeaders);
  Input source = input;
  if (!source.preprocessed && source.path != "-" && isCirclePreprocessedOutput(source.path)) source.preprocessed = true;
  auto inv = buildInvocation(o, tk, source, hostHeaders);
  if (!inv) return false;
  if (o.dryRun) {
    printPlan(o, tk, *inv);
    return true;
  }
  SourceRespelling respelling;
  respelling.toolkitHeaders = tk != nullptr;
  if (tk) {
    respelling.sms = o.smTargets;
    // Only these keep the host's view of __CUDA_ARCH__ (frontend/target_views.h).
    respelling.toolkitDirs = {tk->root};
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(tk->root, real)) respelling.toolkitDirs.push_back(real.str().str());
    for (std::string& dir : respelling.toolkitDirs)
      if (!llvm::StringRef(dir).ends_with("/")) dir += '/';
    respelling.systemDirs = respelling.toolkitDirs;
    respelling.systemDirs.push_back(std::string(CIRCLE_CLANG_RESOURCE_DIR) + "/");
    respelling.perTarget = std::make_shared<PerTargetFiles>();
  }
  auto fs = makeCircleSyntaxFileSystem(regularFilesOnly(llvm::vfs::getRealFileSystem()), respelling);
  // The preamble from a precompiled header, where the output is code (-E prints the
  // headers' text, which a PCH holds no more). -MD still lists them: Clang's
  // dependency collector reads a PCH's input files.
  std::optional<PreamblePch> pch;
  if (tk && !source.preprocessed && o.kind != OutputKind::Preprocessed && o.kind != OutputKind::Dependencies)
    if ((pch = usePreamblePch(*inv, fs, report)))
      for (const std::string& header : pch->inputs) {
        outputs.protect(header);
        respelling.parse->preambleFiles.insert(header);
      }
  clang::CompilerInstance ci(std::move(inv));
  ci.createVirtualFileSystem(fs);
  ci.createDiagnostics();
  std::shared_ptr<DependencyFile> deps;
  if (o.deps.enabled) {
    deps = std::make_shared<DependencyFile>(o.deps, dependencyTargets(o, input.path, output));
    ci.addDependencyCollector(deps);
  }
  bool ok;
  // Where the parse meets a file the targets read differently, each target's view is
  // reached through these (frontend/target_views.h).
  OtherViews views;
  views.files = respelling.perTarget;
  views.fromStdin = input.path == "-";
  views.keepsHostView = [&](llvm::StringRef file) { return respelling.keepsHostView(file); };
  views.beginPreprocessing = [&](clang::Preprocessor& pp) {
    watchPreambleEnd(pp, *respelling.parse);
    // As the parse and -E see them: views are told apart by what the parse would read.
    scopeNvccMacros(pp, views.keepsHostView);
  };
  views.make = [&](int view, bool preprocessOnly, const std::vector<int>* copies) -> std::unique_ptr<clang::CompilerInstance> {
    auto inv = buildInvocation(o, tk, source);
    if (!inv) return nullptr;
    SourceRespelling viewed = respelling;
    viewed.view = view;
    viewed.perTarget = nullptr;
    viewed.toolkitByView = respelling.perTarget && respelling.perTarget->toolkitByView;
    if (copies) viewed.copiesFor = *copies;
    if (pch && !preprocessOnly) takePreamblePch(*inv, *pch);
    inv->getHeaderSearchOpts().Verbose = false; // -v's search list: said once, by the host's parse
    auto other = std::make_unique<clang::CompilerInstance>(std::move(inv));
    other->createVirtualFileSystem(makeCircleSyntaxFileSystem(regularFilesOnly(llvm::vfs::getRealFileSystem()), viewed));
    other->createDiagnostics();
    return other;
  };
  if (o.kind == OutputKind::Preprocessed || o.kind == OutputKind::Dependencies) {
    std::string own; // this source's text: the host's view first
    std::string* out = o.kind == OutputKind::Preprocessed ? &own : nullptr;
    PreprocessAction action(out, anyArchSpecific(o.smTargets), respelling);
    ok = ci.ExecuteAction(action);
    if (ok && views.files && !views.files->paths.empty()) ok = preprocessOtherViews(o, views, respelling, deps, out);
    text += own;
  } else {
    SaidWarnings said;
    views.compile = [&](const ViewGroup& group, const LaunchIndex& hostLaunches, DeviceProducts& into) {
      // Every body first, as nvcc's device pass parses them: host code instantiates the
      // kernels it launches (main's kernel templates, CUB's dispatch). Then, where a host
      // function's body cannot be read in this view, without those (runsOnHostOnly).
      for (bool skip : {false, true}) {
        // Its targets' copies of the statement guards only: the others may name what
        // only their views declare.
        std::unique_ptr<clang::CompilerInstance> other = views.make(group.view, /*preprocessOnly=*/false, &group.sms);
        if (!other) return false;
        if (skip) other->getFrontendOpts().SkipFunctionBodies = true;
        if (deps) other->addDependencyCollector(deps);
        Compilation c(o, tk, input.path, output, temps, outputs, report, group.sms, /*host=*/false, nullptr,
                      &hostLaunches);
        rewordDiagnostics(*other, c, said);
        // The first attempt's diagnostics are held, its count of them not printed: what
        // counts is said after it succeeds, or by the second attempt.
        bool carets = other->getDiagnosticOpts().ShowCarets;
        if (skip) {
          c.skipHostBodies();
        } else {
          c.holdDiagnostics();
          other->getDiagnosticOpts().ShowCarets = false;
        }
        OneParseAction action(c, report, respelling);
        bool ok = other->ExecuteAction(action) && c.finish(*other);
        other->getDiagnosticOpts().ShowCarets = carets;
        if (ok) {
          c.releaseDiagnostics();
          c.handOver(into);
          return true;
        }
        if (skip) {
          if (other->getDiagnostics().hasErrorOccurred()) noteWhoseErrors(group.sms);
          return false;
        }
        c.dropDiagnostics();
      }
      return false;
    };
    Compilation c(o, tk, input.path, output, temps, outputs, report, o.smTargets, /*host=*/true, &views);
    rewordDiagnostics(ci, c, said);
    // Once a file the targets read differently is met, what the parse says is held
    // until it is known to count (Compilation::retryWithOwnCopies).
    if (respelling.perTarget) { // CUDA sources only
      respelling.perTarget->firstMet = [&c] { c.holdDiagnostics(); };
      if (respelling.perTarget->any()) c.holdDiagnostics(); // the main file, read already
    }
    OneParseAction action(c, report, respelling);
    ok = ci.ExecuteAction(action) && c.finish(ci);
    if (!ok && c.groupsForRetry()) {
      // The host's view again, with the copies of its own targets only.
      std::vector<int> copies = {0};
      for (int sm : c.groupsForRetry()->front().sms) copies.push_back(sm);
      std::unique_ptr<clang::CompilerInstance> again = views.make(0, /*preprocessOnly=*/false, &copies);
      if (!again) return false;
      if (deps) again->addDependencyCollector(deps);
      Compilation retry(o, tk, input.path, output, temps, outputs, report, {}, /*host=*/true, &views);
      retry.useGroups(*c.groupsForRetry());
      rewordDiagnostics(*again, retry, said);
      OneParseAction second(retry, report, respelling);
      ok = again->ExecuteAction(second) && retry.finish(*again);
    }
  }
  if (!ok && respelling.perTarget && !respelling.perTarget->toolkitChoices.empty() &&
      !respelling.perTarget->toolkitByView)
    reportNote("the CUDA toolkit's headers choose some features by target (" + respelling.perTarget->toolkitChoices.front() +
               "): circle reads them for " + smName(commonFeatureSm(o.smTargets)) +
               ", the oldest target, in its one pass, so what only newer sms have (cooperative_groups' cluster "
               "API) is not declared");
  if (!ok && hostHeaders && input.hostOnly && mentionsKernels(input.path))
    reportNote("'" + input.path + "' is host C++, as nvcc compiles it; -x cu compiles it as CUDA (so do the "
               "extensions .cu and .cxx)");
  if (!ok || !deps) return ok;
  if (o.kind == OutputKind::Dependencies && o.deps.file.empty()) {
    text += deps->text();
    return true;
  }
  return writeOutputFile(outputs.add(dependencyFileName(o, input.path, output)), deps->text());
}

} // namespace circle
