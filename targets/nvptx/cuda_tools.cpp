#include "targets/nvptx/cuda_tools.h"

#include "support/tool_runner.h"
#include "targets/nvptx/sm_targets.h"
#include "targets/nvptx/stack_bounds.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <regex>

namespace circle {

namespace {

// ptxas -v's report (each function's registers and frame) is circle's to read; its
// warnings are the user's.
std::string withoutInfo(const std::string& output) {
  std::string kept;
  bool inInfo = false;
  for (llvm::StringRef line : llvm::split(output, '\n')) {
    if (line.starts_with("ptxas info")) inInfo = true;
    else if (!line.starts_with("    ")) inInfo = false;
    if (!inInfo && !line.empty()) kept += line.str() + "\n";
  }
  return kept;
}

} // namespace

std::string assemblePtx(const CudaToolkit& tk, int sm, const std::string& ptx, const std::string& ptxFile,
                        const std::string& outFile, const PtxasOptions& opts, std::string& messages,
                        std::map<std::string, unsigned>* frames) {
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(ptxFile, ec, llvm::sys::fs::OF_None);
    if (ec) return "cannot write '" + ptxFile + "': " + ec.message();
    os << ptx;
  }
  std::vector<std::string> args = {"-m64", "-v", "-arch=" + smName(sm), ptxFile, "-o", outFile};
  if (opts.debug) args.insert(args.begin(), "-g");
  else if (opts.lineInfo) args.insert(args.begin(), "-lineinfo");
  if (opts.relocatable) args.insert(args.begin(), "-c");
  args.insert(args.begin(), opts.extra.begin(), opts.extra.end());
  ToolResult r = runTool(tk.ptxas, args, opts.verbose);
  if (r.ok()) {
    if (frames) *frames = parsePtxasFrames(r.output);
    messages += opts.report ? r.output : withoutInfo(r.output); // its warnings (and the report)
    return {};
  }
  if (r.status != ToolResult::Status::Exited)
    return r.failure("ptxas") + " while assembling " + smName(sm) + ": the CUDA toolkit's ptxas failed, not the program" +
           (r.output.empty() ? "" : ":\n" + r.output);
  // A program can ask for more than the GPU has (shared memory, constant bank,
  // parameter space, registers): its limit, not circle's output, is at fault.
  static const char* const kLimits[] = {"uses too much", "overflowed", "exceeds", "too large", "too many"};
  for (const char* limit : kLimits)
    if (r.output.find(limit) != std::string::npos)
      return "the program exceeds a limit of " + smName(sm) + " (ptxas):\n" + r.output;
  return "ptxas rejected the PTX circle generated for " + smName(sm) + " (a circle bug):\n" +
         (r.output.empty() ? r.failure("ptxas") : r.output);
}

std::string functionNamedByPtxas(const std::string& message) {
  static const std::regex named("(?:[Ff]unction '([A-Za-z0-9_$.]+)')|(?:in function '?([A-Za-z0-9_$.]+))");
  std::smatch m;
  if (!std::regex_search(message, m, named)) return {};
  return m[1].matched ? m[1].str() : m[2].str();
}

std::string assembleImage(const CudaToolkit& tk, const std::string& ptx, SmImage& img, PtxasOptions opts,
                          bool deviceRuntime, const std::string& objectFile, const std::vector<std::string>& nvlinkArgs,
                          std::string& messages, std::map<std::string, unsigned>* frames) {
  if (opts.unlinked) {
    opts.relocatable = true;
    return assemblePtx(tk, img.sm, ptx, img.ptxFile, img.cubinFile, opts, messages, frames);
  }
  opts.relocatable = opts.relocatable || deviceRuntime;
  std::string assembled = opts.relocatable ? objectFile : img.cubinFile;
  if (std::string err = assemblePtx(tk, img.sm, ptx, img.ptxFile, assembled, opts, messages, frames); !err.empty())
    return err;
  if (!opts.relocatable) return {};
  const char* why = deviceRuntime ? "linking CUDA's device runtime library" : "-fgpu-relocatable-ptxas";
  if (!llvm::sys::fs::exists(tk.nvlink) || !llvm::sys::fs::exists(tk.cudadevrt))
    return std::string(why) + " for " + smName(img.sm) + " needs the toolkit's nvlink and libcudadevrt.a ('" +
           tk.nvlink + "', '" + tk.cudadevrt + "')";
  if (std::string err = runNvlink(tk, img.sm, assembled, img.cubinFile, opts.verbose, nvlinkArgs); !err.empty())
    return "nvlink failed for " + smName(img.sm) + " (" + why + "):\n" + err;
  if (deviceRuntime) img.ptxFile.clear();
  return {};
}

bool fromDeviceRuntimeLibrary(const std::string& symbol) {
  llvm::StringRef name(symbol);
  return name.starts_with("__cudaCDP2") || name.starts_with("cuda");
}

std::string runNvlink(const CudaToolkit& tk, int sm, const std::string& cubinFile, const std::string& outFile,
                      bool verbose, const std::vector<std::string>& extra) {
  std::vector<std::string> args = extra;
  args.insert(args.end(), {"--arch=" + smName(sm), "-o", outFile, cubinFile, tk.cudadevrt});
  ToolResult r = runTool(tk.nvlink, args, verbose);
  if (!r.ok()) return r.failure("nvlink") + (r.output.empty() ? "" : ":\n" + r.output);
  return {};
}

std::string runFatbinary(const CudaToolkit& tk, const std::vector<SmImage>& images, const std::string& outFile,
                         bool debug, bool verbose, bool relocatable, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"-64", "--create=" + outFile};
  args.insert(args.end(), extra.begin(), extra.end());
  if (debug) args.push_back("-g");
  if (relocatable) args.insert(args.end(), {"--cmdline=--compile-only", "--device-c"});
  for (const SmImage& img : images) {
    std::string sm = smDigits(img.sm);
    args.push_back("--image3=kind=elf,sm=" + sm + ",file=" + img.cubinFile);
    if (!img.ptxFile.empty()) args.push_back("--image3=kind=ptx,sm=" + sm + ",file=" + img.ptxFile);
  }
  ToolResult r = runTool(tk.fatbinary, args, verbose);
  if (!r.ok()) return r.failure("fatbinary") + (r.output.empty() ? "" : ":\n" + r.output);
  return {};
}

} // namespace circle
