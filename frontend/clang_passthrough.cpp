#include "frontend/clang_passthrough.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/Arg.h"

namespace circle {
namespace cl = clang::options;

ClangArgRoute routeClangArg(const llvm::opt::Arg& a, const std::string& spelling) {
  ClangArgRoute r;
  const llvm::opt::Option& opt = a.getOption();
  llvm::StringRef name = opt.getPrefixedName();
  auto refuse = [&](std::string why) {
    r.use = ClangArgUse::Refuse;
    r.why = "'" + spelling + "': " + why;
    return r;
  };

  if (opt.hasFlag(cl::Unsupported)) return refuse("not supported by Clang on this platform");
  // Clang's offloading driver options describe its two-pass CUDA/HIP/OpenMP/SYCL
  // compiles; circle's own options (circle --help) say the same things for its one pass.
  for (llvm::StringRef p : {"--cuda-", "--offload", "-fcuda-", "-fgpu-", "-fopenmp-target", "-fopenmp-is-target",
                            "--hip", "-fhip", "-nogpu", "-fsycl", "-cuid", "--gpu-", "-fno-gpu-", "-fno-cuda-",
                            "-foffload", "-fno-offload", "--no-offload", "--no-cuda"})
    if (name.starts_with(p))
      return refuse("a Clang offloading option that circle does not take (its GPU options are in circle --help)");
  if (opt.matches(cl::OPT_target) || opt.matches(cl::OPT_target_legacy_spelling))
    return refuse("circle compiles for this machine's target (x86-64 Linux) only");
  if (opt.matches(cl::OPT_m32) || name == "-m16" || name == "-mx32")
    return refuse("CUDA host code is 64-bit");
  if ((opt.matches(cl::OPT_flto) || opt.matches(cl::OPT_flto_EQ)) && spelling != "-flto=none")
    return refuse("circle's objects carry their fat binaries in native sections, which LTO bitcode cannot");
  if (name == "-cc1" || name == "-cc1as") return refuse("circle runs its one Clang invocation itself");
  if (opt.hasFlag(cl::Ignored)) r.why = "'" + spelling + "' has no effect (as with clang)";

  if (opt.matches(cl::OPT_g_Group)) {
    r.hostDebug = !opt.matches(cl::OPT_g0);
    r.disablesDebug = opt.matches(cl::OPT_g0);
  }
  if (opt.matches(cl::OPT_Link_Group)) {
    // -l, -Wl, -Xlinker, -u, -rpath...: words of the link's command line; the rest
    // of the group (-shared, -static, -rdynamic, --coverage) may matter to both.
    r.use = opt.hasFlag(cl::LinkerInput) ? ClangArgUse::Link : ClangArgUse::Both;
    if (opt.matches(cl::OPT_coverage)) r.use = ClangArgUse::Both;
    return r;
  }
  bool enables = !name.starts_with("-fno-");
  if (opt.matches(cl::OPT_fsanitize_EQ) || name.starts_with("-fno-sanitize") || name.starts_with("-fsanitize")) {
    r.use = ClangArgUse::Both;
    r.needsClangRuntime = opt.matches(cl::OPT_fsanitize_EQ);
    return r;
  }
  if (name.starts_with("-fopenmp") || name.starts_with("-fno-openmp")) {
    r.use = ClangArgUse::Both;
    r.needsClangRuntime = enables;
    return r;
  }
  if (name.starts_with("-fprofile-instr-generate") || name.starts_with("-fprofile-generate") ||
      name.starts_with("-fcs-profile-generate")) {
    r.use = ClangArgUse::Both;
    r.needsClangRuntime = true;
    return r;
  }
  if (opt.matches(cl::OPT_pthread) || name == "-pthreads" || name == "-fprofile-arcs" || name == "-ftest-coverage" ||
      opt.matches(cl::OPT_stdlib_EQ) || opt.matches(cl::OPT_rtlib_EQ) || opt.matches(cl::OPT_fuse_ld_EQ) ||
      opt.matches(cl::OPT_static_libstdcxx) || name == "-static-libgcc" || name.starts_with("-static-libsan") ||
      name.starts_with("-shared-libsan") || opt.matches(cl::OPT_nostdlibxx) || name == "-nostdlib" ||
      name == "-nodefaultlibs" || name == "-nostartfiles" || name.starts_with("-unwindlib"))
    r.use = ClangArgUse::Both;
  return r;
}

} // namespace circle
