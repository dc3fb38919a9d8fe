#include "targets/nvptx/sm_targets.h"

#include "support/tool_runner.h"

#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/TargetOptions.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <regex>

namespace circle {
namespace {

std::string join(const std::string& a, const std::string& b) {
  llvm::SmallString<256> p(a);
  llvm::sys::path::append(p, b);
  return std::string(p);
}

// The PTX ISA each toolkit release introduced (PTX ISA release notes). Newer
// toolkits fall back to the newest ISA LLVM 22 can write, which they still accept.
int ptxIsaFor(int major, int minor) {
  struct Row { int major, minor, isa; };
  static const Row table[] = {
      {12, 0, 80}, {12, 1, 81}, {12, 2, 82}, {12, 3, 83}, {12, 4, 84}, {12, 5, 85}, {12, 6, 85},
      {12, 7, 86}, {12, 8, 87}, {12, 9, 88}, {13, 0, 90},
  };
  int isa = 0;
  for (const Row& r : table)
    if (major > r.major || (major == r.major && minor >= r.minor)) isa = r.isa;
  return isa;
}

bool llvmKnowsSm(int sm) {
  std::string err;
  const llvm::Target* t = llvm::TargetRegistry::lookupTarget(llvm::Triple("nvptx64-nvidia-cuda"), err);
  if (!t) return false;
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      t->createMCSubtargetInfo(llvm::Triple("nvptx64-nvidia-cuda"), smName(sm), ""));
  return sti && sti->isCPUStringValid(smName(sm));
}

} // namespace

std::string ptxFeature(int ptxIsa) { return "+ptx" + std::to_string(ptxIsa); }

std::optional<CudaToolkit> CudaToolkit::locate(const std::string& root, std::string& whyNot) {
  CudaToolkit tk;
  tk.root = root;
  if (!llvm::sys::fs::is_directory(root)) {
    whyNot = "not a directory";
    return std::nullopt;
  }
  tk.ptxas = join(root, "bin/ptxas");
  tk.fatbinary = join(root, "bin/fatbinary");
  tk.libdevice = join(root, "nvvm/libdevice/libdevice.10.bc");
  tk.includeDir = join(root, "include");
  tk.libDir = join(root, "lib64");
  tk.nvlink = join(root, "bin/nvlink");
  tk.cudadevrt = join(tk.libDir, "libcudadevrt.a");
  struct Need { const std::string& path; const char* what; };
  for (Need n : {Need{tk.ptxas, "ptxas"}, Need{tk.fatbinary, "fatbinary"}, Need{tk.libdevice, "libdevice"},
                 Need{join(tk.includeDir, "cuda_runtime.h"), "cuda_runtime.h"},
                 Need{join(tk.libDir, "libcudart_static.a"), "libcudart_static.a"}}) {
    if (!llvm::sys::fs::exists(n.path)) {
      whyNot = std::string("not a CUDA toolkit: ") + n.what + " not found at '" +
               n.path + "'";
      return std::nullopt;
    }
  }

  ToolResult ver = runTool(tk.ptxas, {"--version"}, false);
  std::smatch m;
  if (!ver.ok() || !std::regex_search(ver.output, m, std::regex("release ([0-9]+)\\.([0-9]+)"))) {
    whyNot = "cannot run '" + tk.ptxas + " --version': " + (ver.ok() ? ver.output : ver.failure("ptxas"));
    return std::nullopt;
  }
  tk.versionMajor = std::stoi(m[1]);
  tk.versionMinor = std::stoi(m[2]);
  if (std::regex_search(ver.output, m, std::regex("V[0-9]+\\.[0-9]+\\.([0-9]+)"))) tk.versionBuild = std::stoi(m[1]);
  tk.ptxIsa = ptxIsaFor(tk.versionMajor, tk.versionMinor);
  if (tk.ptxIsa == 0) {
    whyNot = "CUDA " + std::to_string(tk.versionMajor) + "." + std::to_string(tk.versionMinor) +
             " at '" + root + "' is too old: circle needs CUDA 12.0 or newer";
    return std::nullopt;
  }

  // ptxas lists what it accepts in its help text ('sm_75','sm_80',...,'sm_90a','sm_100f').
  // Family-specific sms (sm_100f) are left out: Clang 22 cannot target them.
  ToolResult help = runTool(tk.ptxas, {"--help"}, false);
  std::regex smRe("'sm_([0-9]+)(a?)'");
  for (auto it = std::sregex_iterator(help.output.begin(), help.output.end(), smRe); it != std::sregex_iterator();
       ++it)
    tk.ptxasArchs.push_back(std::stoi((*it)[1]) + ((*it)[2].length() ? kArchSpecific : 0));
  std::sort(tk.ptxasArchs.begin(), tk.ptxasArchs.end());
  tk.ptxasArchs.erase(std::unique(tk.ptxasArchs.begin(), tk.ptxasArchs.end()), tk.ptxasArchs.end());
  if (tk.ptxasArchs.empty()) {
    whyNot = "cannot read the GPU architectures from '" + tk.ptxas + " --help'";
    return std::nullopt;
  }
  return tk;
}

std::string checkSmSupported(const CudaToolkit& tk, int sm) {
  bool ptxasOk = std::find(tk.ptxasArchs.begin(), tk.ptxasArchs.end(), sm) != tk.ptxasArchs.end();
  if (ptxasOk && llvmKnowsSm(sm)) return {};
  std::string list;
  for (int s : tk.ptxasArchs)
    if (llvmKnowsSm(s)) list += (list.empty() ? "" : " ") + smName(s);
  std::string who = ptxasOk ? "LLVM 22's NVPTX backend"
                            : "the CUDA " + std::to_string(tk.versionMajor) + "." +
                                  std::to_string(tk.versionMinor) + " toolkit's ptxas";
  return "unsupported GPU architecture '-" + smName(sm) + "': not accepted by " + who + " (supported: " + list +
         ")";
}

DeviceTarget::DeviceTarget() = default;
DeviceTarget::~DeviceTarget() = default;
DeviceTarget::DeviceTarget(DeviceTarget&&) = default;

DeviceTarget makeDeviceTarget(clang::DiagnosticsEngine& diags, const std::string& hostTriple, int sm, int ptxIsa,
                              bool shortPointers) {
  DeviceTarget t;
  t.sm = sm;
  t.options = std::make_shared<clang::TargetOptions>();
  t.options->Triple = "nvptx64-nvidia-cuda";
  t.options->HostTriple = hostTriple;
  t.options->CPU = smName(sm);
  t.options->FeaturesAsWritten = {ptxFeature(ptxIsa)};
  t.options->NVPTXUseShortPointers = shortPointers;
  t.info.reset(clang::TargetInfo::CreateTargetInfo(diags, *t.options));
  return t;
}

} // namespace circle
