#include "frontend/invocation.h"

#include "frontend/device_runtime_path.h"
#include "frontend/options.h"
#include "frontend/prelude_files.h"
#include "sema/execution_spaces.h"
#include "sema/implicit_prelude.h"
#include "support/diagnostics.h"
#include "targets/nvptx/sm_targets.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <optional>
#include <set>

namespace circle {

namespace {

// -mllvm: LLVM's own options, for the host's and every target's code generation, as
// clang gives them to each of its compilations (Clang's library leaves applying them to
// its driver; circle ignored them). Once per process, which compiles every source and
// target; an option LLVM does not know is an error, as with clang.
bool applyLlvmOptions(const clang::CompilerInvocation& inv) {
  static std::optional<bool> applied;
  if (applied) return *applied;
  const std::vector<std::string>& args = inv.getFrontendOpts().LLVMArgs;
  if (args.empty()) return *(applied = true);
  std::vector<const char*> argv = {"circle"};
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  applied = llvm::cl::ParseCommandLineOptions(int(argv.size()), argv.data(), "", &os);
  if (!*applied) {
    // LLVM's parser names the program and spreads its message over lines.
    std::string said = llvm::StringRef(errors).trim().str();
    for (size_t at; (at = said.find("circle: ")) != std::string::npos;) said.erase(at, 8);
    std::replace(said.begin(), said.end(), '\n', ' ');
    reportError("-mllvm: " + said);
  }
  return *applied;
}

} // namespace

std::unique_ptr<clang::CompilerInvocation> buildInvocation(const Options& opts, const CudaToolkit* toolkit,
                                                           const Input& input, const CudaToolkit* hostHeaders) {
  // Clang's driver knows this machine's header layout (libstdc++, glibc, Clang's
  // resource headers); we ask it for a host-only parse and take the cc1 options it
  // would use, with the user's own Clang options in it.
  std::vector<std::string> args = {std::string(CIRCLE_LLVM_BIN_DIR) + "/clang++"};
  bool cxx = input.language != Language::C;
  if (toolkit) {
    args.insert(args.end(), {"-x", input.preprocessed ? "cuda-cpp-output" : "cuda", "--cuda-host-only",
                             "--cuda-path=" + toolkit->root,
                             // Clang 22 knows CUDA up to 12.9; circle picks the PTX ISA itself.
                             "-Wno-unknown-cuda-version"});
    for (int sm : opts.smTargets) args.push_back("--cuda-gpu-arch=" + smName(sm));
    if (opts.rdc) args.push_back("-fgpu-rdc");
    // CUDA 13 keeps CCCL (libcu++, CUB, Thrust) in include/cccl, which nvcc searches
    // and Clang's driver does not; cooperative_groups.h needs <cuda/std/...> from it.
    std::string cccl = toolkit->includeDir + "/cccl";
    if (llvm::sys::fs::is_directory(cccl)) args.insert(args.end(), {"-isystem", cccl});
    if (opts.math.approxFunctions) args.push_back("-fgpu-approx-transcendentals");
  } else {
    const char* lang = cxx ? (input.preprocessed ? "c++-cpp-output" : "c++") : (input.preprocessed ? "cpp-output" : "c");
    args.insert(args.end(), {"-x", lang});
    if (hostHeaders) args.insert(args.end(), {"-isystem", hostHeaders->includeDir});
  }
  args.push_back("-fsyntax-only");
  if (cxx) {
    // `if consteval` ahead of `if target` chains is Circle syntax in every mode.
    args.push_back("-Wno-c++23-extensions");
    // A .cu or .cpp file gets nvcc's default standard (C++17 with GNU extensions), so that
    // what nvcc compiles means the same (C++20's <cmath> declares std::lerp, which clashes
    // with code's own lerp); circle's own sources (.cxx) get C++20, which the guide's
    // programs use, and so does preprocessed input (circle's -E output of either reads as
    // C++20: the prelude it holds may be C++20's).
    bool nvccSource = (input.language == Language::CUDA || input.hostOnly) && !input.preprocessed;
    if (opts.std.empty()) args.push_back(nvccSource ? "-std=gnu++17" : "-std=c++20");
  }
  // circle runs Clang on a thread with a 1 GiB stack (frontend/main.cpp): deep nesting
  // that would exhaust a default stack is fine here.
  args.push_back("-Wno-stack-exhausted");
  // nvcc's -std names the C++ dialect: a C source of the same command keeps C's.
  for (const std::string& a : opts.compileArgs)
    if (cxx || !(llvm::StringRef(a).starts_with("-std=") && llvm::StringRef(a).contains("++"))) args.push_back(a);
  // -v: the header search list, as clang prints it (Meson and CMake read it).
  if (opts.verbose && !opts.dryRun) args.push_back("-v");
  // circle's own headers (circle/vulkan.hpp) sit beside bin/ as include/.
  if (cxx) args.insert(args.end(), {"-isystem", circleIncludeDir()});
  args.push_back(input.path);

  // The invocation keeps pointers into its arguments (CodeGenOptions::Argv0 and the
  // recorded command line, read by the host backend): they live as long as circle.
  static llvm::BumpPtrAllocator storage;
  static llvm::StringSaver saver(storage);
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(saver.save(a).data());
  clang::DiagnosticOptions diagOpts;
  // Clang's driver passes -fcolor-diagnostics on when its caller says so: on a
  // terminal, unless the command line says otherwise (the last word wins).
  diagOpts.ShowColors = llvm::sys::Process::StandardErrHasColors();
  for (const std::string& a : opts.compileArgs) {
    if (a == "-fcolor-diagnostics" || a == "-fdiagnostics-color" || a == "-fdiagnostics-color=always")
      diagOpts.ShowColors = true;
    else if (a == "-fno-color-diagnostics" || a == "-fno-diagnostics-color" || a == "-fdiagnostics-color=never")
      diagOpts.ShowColors = false;
    else if (a == "-fdiagnostics-color=auto")
      diagOpts.ShowColors = llvm::sys::Process::StandardErrHasColors();
  }
  clang::CreateInvocationOptions cio;
  cio.Diags = clang::CompilerInstance::createDiagnostics(*llvm::vfs::getRealFileSystem(), diagOpts);
  // The driver's own warnings (CUDA newer than it knows) say nothing to circle's users.
  cio.Diags->setIgnoreAllWarnings(true);
  auto inv = clang::createInvocation(argv, cio);
  if (!inv || !applyLlvmOptions(*inv)) return nullptr;

  // Preprocessed input already holds the prelude and the implicit includes.
  if (input.preprocessed || !cxx) {
    inv->getFrontendOpts().DisableFree = false;
    if (toolkit) enableTaglessDeviceCalls(inv->getLangOpts());
    if (toolkit) inv->getLangOpts().OffloadingNewDriver = 0;
    return inv;
  }
  if (toolkit) enableTaglessDeviceCalls(inv->getLangOpts());
  // -rdc objects register through __cudaRegisterLinkedBinary_<id>, as nvcc's do, which
  // circle's link step defines; Clang's newer offloading entries need its own linker.
  inv->getLangOpts().OffloadingNewDriver = 0;

  // The prelude comes first; its launch part after the CUDA runtime headers the
  // driver force-includes (sema/implicit_prelude.h says why).
  PreludeConfig prelude;
  prelude.cuda = toolkit != nullptr;
  prelude.sms = opts.smTargets;
  prelude.launchChecks = opts.hostDebug && !opts.ndebug;
  auto& pp = inv->getPreprocessorOpts();
  pp.addMacroDef("__circle__=1");
  // CUDA's headers give device code the device runtime API (cudaMalloc, streams,
  // cudaGraphLaunch...) only under relocatable device code, as nvcc says with this
  // macro; without it they are stubs returning an error.
  if (toolkit && opts.rdc) pp.addMacroDef("__CUDACC_RDC__=1");
  // cooperative_groups declares thread block clusters (this_cluster(), cluster_group:
  // sm_90) for nvcc, NVRTC, or a compiler that says it has the cluster intrinsics, which
  // Clang's CUDA headers define here. A kernel using them for an older sm is an error at
  // the call, as any operation that sm lacks.
  if (toolkit) pp.addMacroDef("_CG_CLUSTER_INTRINSICS_AVAILABLE");
  // The toolkit's version, as nvcc says it (code tests it for features, CUTLASS for
  // nvcc's atomic built-ins: sema/nvcc_builtins.h). __NVCC__ is defined in the
  // program's own files only (frontend/nvcc_identity.h).
  if (toolkit) {
    std::string major = std::to_string(toolkit->versionMajor), minor = std::to_string(toolkit->versionMinor);
    pp.addMacroDef("__CUDACC_VER_MAJOR__=" + major);
    pp.addMacroDef("__CUDACC_VER_MINOR__=" + minor);
    pp.addMacroDef("__CUDACC_VER_BUILD__=" + std::to_string(toolkit->versionBuild));
    pp.addMacroDef("__CUDA_API_VER_MAJOR__=" + major);
    pp.addMacroDef("__CUDA_API_VER_MINOR__=" + minor);
    pp.addMacroDef("__CUDACC_VER__=\"__CUDACC_VER__ is no longer supported: use __CUDACC_VER_MAJOR__, "
                   "__CUDACC_VER_MINOR__ and __CUDACC_VER_BUILD__\"");
  }
  // nvcc's list of the compile's architectures is the same in every pass: one
  // macro serves them all.
  if (toolkit && !opts.smTargets.empty()) {
    std::string list; // sm_90a is 900, as sm_90 (once)
    std::set<int> numbers;
    for (int sm : opts.smTargets) numbers.insert(smNumber(sm));
    for (int n : numbers) list += (list.empty() ? "" : ",") + std::to_string(n * 10);
    pp.addMacroDef("__CUDA_ARCH_LIST__=" + list);
  }
  // nvc++'s compile-time PTX version, which CCCL reads on its one-pass paths: CUB's
  // policy chain (ChainedPolicy::ActivePolicy) and Thrust's tuning (>= 600). One pass
  // has one value: the newest sm's. Each older sm's kernels get the policy its own
  // value picks, instantiated for it (sema/policy_chains.h); any other read CCCL makes
  // (frontend/toolkit_headers.cpp respells it __circle_ptx) needs one PTX version.
  if (toolkit && !opts.smTargets.empty()) {
    int newest = 0;
    for (int sm : opts.smTargets) newest = std::max(newest, smNumber(sm));
    pp.addMacroDef("__NVCOMPILER_CUDA_ARCH__=" + std::to_string(newest * 10));
    int shared = sharedSmNumber(opts.smTargets);
    pp.addMacroDef("__circle_ptx=" + (shared ? std::to_string(shared * 10) : "__circle_ptx_version_differs_per_sm()"));
  }
  // Read from memory under a real file's name (frontend/prelude_files.h).
  auto include = [&](const char* file, const std::string& text, const char* fallback, bool first) {
    std::string path = preludeFilePath(file, text, fallback);
    pp.addRemappedFile(path, llvm::MemoryBuffer::getMemBufferCopy(text, path).release());
    // Debug information and coverage name the prelude as if it had no file: an object
    // must not depend on where the user's cache directory is. Last, so it wins over
    // the user's own -ffile-prefix-map.
    if (path != fallback) {
      std::pair<std::string, std::string> map{llvm::sys::path::parent_path(path), llvm::sys::path::parent_path(fallback)};
      inv->getCodeGenOpts().DebugPrefixMap.push_back(map);
      inv->getCodeGenOpts().CoveragePrefixMap.push_back(map);
    }
    pp.Includes.insert(first ? pp.Includes.begin() : pp.Includes.end(), path);
  };
  include(kPreludeFile, preludeText(prelude), kPreludeName, true);
  if (prelude.cuda) include(kLaunchPreludeFile, launchPreludeText(prelude), kLaunchPreludeName, false);
  // The frontend runs our action, not the one -fsyntax-only names; keep the AST
  // alive until every target has been generated, then free it.
  inv->getFrontendOpts().DisableFree = false;
  return inv;
}

} // namespace circle
