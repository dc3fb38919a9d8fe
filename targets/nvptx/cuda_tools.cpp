#include "targets/nvptx/cuda_tools.h"

#include "targets/nvptx/sm_targets.h"
#include "targets/tool_runner.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace circle {

std::string assemblePtx(const CudaToolkit& tk, int sm, const std::string& ptx, const std::string& ptxFile,
                        const std::string& outFile, bool debug, bool verbose, bool relocatable) {
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(ptxFile, ec, llvm::sys::fs::OF_None);
    if (ec) return "cannot write '" + ptxFile + "': " + ec.message();
    os << ptx;
  }
  std::vector<std::string> args = {"-m64", "-arch=" + smName(sm), ptxFile, "-o", outFile};
  if (debug) args.insert(args.begin(), "-g");
  if (relocatable) args.insert(args.begin(), "-c");
  ToolResult r = runTool(tk.ptxas, args, verbose);
  if (r.exitCode != 0)
    return "ptxas rejected the PTX circle generated for " + smName(sm) + " (a circle bug):\n" +
           (r.output.empty() ? std::string("ptxas failed") : r.output);
  llvm::errs() << r.output; // its warnings
  return {};
}

std::string runNvlink(const CudaToolkit& tk, int sm, const std::string& cubinFile, const std::string& outFile,
                      bool verbose) {
  ToolResult r = runTool(tk.nvlink, {"--arch=" + smName(sm), "-o", outFile, cubinFile, tk.cudadevrt}, verbose);
  if (r.exitCode != 0) return r.output.empty() ? "nvlink failed" : r.output;
  return {};
}

std::string runFatbinary(const CudaToolkit& tk, const std::vector<SmImage>& images, const std::string& outFile,
                         bool debug, bool verbose) {
  std::vector<std::string> args = {"-64", "--create=" + outFile};
  if (debug) args.push_back("-g");
  for (const SmImage& img : images) {
    std::string sm = std::to_string(img.sm);
    args.push_back("--image3=kind=elf,sm=" + sm + ",file=" + img.cubinFile);
    if (!img.ptxFile.empty()) args.push_back("--image3=kind=ptx,sm=" + sm + ",file=" + img.ptxFile);
  }
  ToolResult r = runTool(tk.fatbinary, args, verbose);
  if (r.exitCode != 0) return r.output.empty() ? "fatbinary failed" : r.output;
  return {};
}

} // namespace circle
